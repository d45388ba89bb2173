/** One request's part of a CSV file: the header, then consecutive lines of the file. */
export interface CsvChunk {
  csv: string;
  /** What the server adds to the line numbers it reports, so they name the file's lines. */
  lineOffset: number;
  /** Data records in the chunk. */
  rows: number;
}

interface CsvRecord {
  /** 0-based index of the record's first and last physical line. */
  first: number;
  last: number;
  blank: boolean;
}

/**
 * The file's physical lines grouped into records: a line break inside a quoted cell (an odd count
 * of quotes so far) continues the record, so no chunk boundary ever tears one.
 */
function recordsOf(lines: string[]): CsvRecord[] {
  const records: CsvRecord[] = [];
  let first = 0;
  let quotes = 0;
  lines.forEach((line, index) => {
    quotes += line.split('"').length - 1;
    if (quotes % 2 === 1 && index < lines.length - 1) return;
    const blank = first === index && line.trim() === '';
    records.push({ first, last: index, blank });
    first = index + 1;
    quotes = 0;
  });
  return records;
}

/**
 * Splits a CSV file's text into chunks of at most `rowsPerChunk` records, each starting with the
 * file's header, so an upload can report progress chunk by chunk and the server's report still
 * names the file's own line numbers. A file without data records is one chunk as it is, and the
 * server says what is wrong with it.
 */
export function splitCsvIntoChunks(text: string, rowsPerChunk: number): { chunks: CsvChunk[]; rows: number } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const [header, ...records] = recordsOf(lines);
  const data = records.filter((record) => !record.blank);
  if (!header || data.length === 0) return { chunks: [{ csv: text, lineOffset: 0, rows: 0 }], rows: 0 };
  const headerText = lines.slice(header.first, header.last + 1).join('\n');
  const headerLines = header.last - header.first + 1;
  const chunks: CsvChunk[] = [];
  for (let start = 0; start < data.length; start += rowsPerChunk) {
    const part = data.slice(start, start + rowsPerChunk);
    const from = part[0]!.first;
    const to = part[part.length - 1]!.last;
    chunks.push({
      csv: `${headerText}\n${lines.slice(from, to + 1).join('\n')}`,
      lineOffset: from - headerLines,
      rows: part.length,
    });
  }
  return { chunks, rows: data.length };
}
