import {
  SIMCARD_MESSAGE_KEYS,
  SIMCARD_UPLOAD_COLUMNS,
  SIMCARD_UPLOAD_REQUIRED_COLUMNS,
} from '@homeward/contracts';
import { fieldError } from '../../platform/errors/field-errors';
import { DeviceBatchFileError, splitCsvRecords } from '../devices';

export type SimcardUploadColumn = (typeof SIMCARD_UPLOAD_COLUMNS)[number];

/** One data line of an upload: its 1-based line number in the text and its cells by column. */
export interface SimcardUploadLine {
  line: number;
  cells: Partial<Record<SimcardUploadColumn, string>>;
}

/**
 * Reads an upload: a header naming columns (any order, any case), then one SIM per line, split as
 * the device batch splits its CSV (quotes, `;` or `,`). An unknown or missing column, an unclosed
 * quote, or more lines than `maxRows` refuse the whole text as a field error on `csv`, because no
 * line of it could be read right.
 */
export function parseSimcardCsv(text: string, maxRows: number): SimcardUploadLine[] {
  let records: ReturnType<typeof splitCsvRecords>;
  try {
    records = splitCsvRecords(text);
  } catch (error) {
    if (error instanceof DeviceBatchFileError) {
      throw fieldError('csv', SIMCARD_MESSAGE_KEYS.csvUnclosedQuote, error.params);
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw fieldError('csv', SIMCARD_MESSAGE_KEYS.csvEmpty);
  const byLowerName = new Map(SIMCARD_UPLOAD_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const columns = header.cells.map((name) => {
    const column = byLowerName.get(name.trim().toLowerCase());
    if (!column) {
      throw fieldError('csv', SIMCARD_MESSAGE_KEYS.csvUnknownColumn, { column: name.trim().slice(0, 64) });
    }
    return column;
  });
  for (const required of SIMCARD_UPLOAD_REQUIRED_COLUMNS) {
    if (!columns.includes(required)) {
      throw fieldError('csv', SIMCARD_MESSAGE_KEYS.csvMissingColumn, { column: required });
    }
  }
  if (rows.length > maxRows) throw fieldError('csv', SIMCARD_MESSAGE_KEYS.csvTooManyRows, { count: maxRows });
  return rows.map((row) => ({
    line: row.line,
    cells: Object.fromEntries(columns.map((column, index) => [column, (row.cells[index] ?? '').trim()])),
  }));
}
