import { DEVICE_BATCH_COLUMNS } from '@homeward/contracts';

export type DeviceBatchColumn = (typeof DEVICE_BATCH_COLUMNS)[number];

/** One data line of the upload: its 1-based line number in the file and its cells by column. */
export interface DeviceBatchLine {
  line: number;
  cells: Partial<Record<DeviceBatchColumn, string>>;
}

/** Why a whole file is refused (each a translation key of the `devices` namespace). */
export class DeviceBatchFileError extends Error {
  constructor(
    readonly messageKey: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
  }
}

const REQUIRED_COLUMNS: DeviceBatchColumn[] = ['imei', 'name', 'organization'];

/**
 * Splits CSV text (RFC 4180: quoted cells may hold the separator, quotes and line breaks) into
 * records with the line each starts on. The separator is `;` when the header has one, as
 * spreadsheets in Danish locales write it, and `,` otherwise.
 */
export function splitCsvRecords(text: string): { line: number; cells: string[] }[] {
  const input = text.replace(/^\uFEFF/, '');
  const headerEnd = input.search(/\r?\n/);
  const header = headerEnd < 0 ? input : input.slice(0, headerEnd);
  const separator = header.includes(';') ? ';' : ',';
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) throw new DeviceBatchFileError('devices:csvUnclosedQuote', { line: recordLine });
  cells.push(cell);
  records.push({ line: recordLine, cells });
  return records.filter((record) => record.cells.some((value) => value.trim() !== ''));
}

/**
 * Reads the upload: a header naming columns (any order, any case), then one watch per line. An
 * unknown or missing column, or more lines than `maxRows`, refuses the whole file, because no line
 * of it could be read right.
 */
export function parseDeviceBatchCsv(text: string, maxRows: number): DeviceBatchLine[] {
  const [header, ...rows] = splitCsvRecords(text);
  if (!header || rows.length === 0) throw new DeviceBatchFileError('devices:csvEmpty');
  const byLowerName = new Map(DEVICE_BATCH_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const columns = header.cells.map((name) => {
    const column = byLowerName.get(name.trim().toLowerCase());
    if (!column) throw new DeviceBatchFileError('devices:csvUnknownColumn', { column: name.trim() });
    return column;
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required))
      throw new DeviceBatchFileError('devices:csvMissingColumn', { column: required });
  }
  if (rows.length > maxRows) throw new DeviceBatchFileError('devices:csvTooManyRows', { count: maxRows });
  return rows.map((row) => ({
    line: row.line,
    cells: Object.fromEntries(columns.map((column, index) => [column, (row.cells[index] ?? '').trim()])),
  }));
}
