import type { ReportCell } from './report-definitions';

/** UTF-8 byte order mark: Excel reads a CSV as UTF-8 only when the file starts with it. */
export const CSV_BOM = '\uFEFF';

/**
 * Characters a spreadsheet takes as the start of a formula (or, tab and carriage return, as a cell
 * break that hides one): a text cell starting with one gets a leading apostrophe, so opening the
 * file never runs what someone typed into a name or a note (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as CSV text: times in ISO 8601 UTC, yes/no as true/false, empty for null. */
export function csvValue(cell: ReportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: a field with a quote, comma or line break is quoted, and its quotes doubled. */
export function csvField(cell: ReportCell): string {
  const text = csvValue(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 writes it. */
export function csvLine(cells: readonly ReportCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
