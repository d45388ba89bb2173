import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportFormat } from '@homeward/contracts';
import { CSV_BOM, csvLine } from './report-csv';
import type { ReportCell } from './report-definitions';

/** A report file being written: sheets one after another, rows batch by batch. */
export interface ReportWriter {
  startSheet(title: string, headers: string[]): void;
  /** Writes a batch and resolves when the output has room for the next one (back-pressure). */
  writeRows(rows: ReportCell[][]): Promise<void>;
  /** Ends the file; the output stream ends with it. */
  finish(): Promise<void>;
}

/**
 * Resolves when `output` has room again: at once when it has, on `drain` otherwise. Rejects when
 * the output closes first (the client went away), so the report stops reading rows.
 */
export function outputReady(output: Writable): Promise<void> {
  if (output.destroyed) return Promise.reject(new Error('report output closed'));
  if (!output.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      output.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      output.off('drain', onDrain);
      reject(new Error('report output closed'));
    };
    output.once('drain', onDrain);
    output.once('close', onClose);
  });
}

/** CSV: a byte order mark, the first sheet's header line and rows; later sheets are left out. */
export function createCsvWriter(output: Writable): ReportWriter {
  let sheets = 0;
  const write = async (text: string) => {
    output.write(text);
    await outputReady(output);
  };
  return {
    startSheet(_title, headers) {
      sheets += 1;
      if (sheets === 1) output.write(CSV_BOM + csvLine(headers));
    },
    async writeRows(rows) {
      if (sheets !== 1) return;
      await write(rows.map(csvLine).join(''));
    },
    async finish() {
      await new Promise<void>((resolve, reject) => {
        output.once('error', reject);
        output.end(resolve);
      });
    },
  };
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * xlsx through exceljs's streaming writer: each row is committed (turned into XML and handed to the
 * zip) as it is added, and strings are written inline (no shared-string table held in memory), so
 * memory holds about one batch whatever the row count.
 */
export function createXlsxWriter(output: Writable): ReportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheet: ExcelJS.Worksheet | undefined;
  let dateColumnsSet = false;
  return {
    startSheet(title, headers) {
      sheet?.commit();
      sheet = workbook.addWorksheet(title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
      sheet.columns = headers.map((header) => ({ width: Math.min(40, Math.max(12, header.length + 4)) }));
      const headerRow = sheet.addRow(headers);
      headerRow.font = { bold: true };
      headerRow.commit();
      dateColumnsSet = false;
    },
    async writeRows(rows) {
      if (!sheet) return;
      if (!dateColumnsSet) {
        // Times show as times: the columns holding one in the first batch get a date format.
        dateColumnsSet = true;
        rows[0]?.forEach((_cell, index) => {
          if (rows.some((row) => row[index] instanceof Date))
            sheet!.getColumn(index + 1).numFmt = DATE_FORMAT;
        });
      }
      for (const row of rows) sheet.addRow(row).commit();
      await outputReady(output);
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
    },
  };
}

export function createReportWriter(format: ReportFormat, output: Writable): ReportWriter {
  return format === 'csv' ? createCsvWriter(output) : createXlsxWriter(output);
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
