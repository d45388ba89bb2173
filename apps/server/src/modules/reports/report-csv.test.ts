import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvValue } from './report-csv';
import { parseCsv } from './reports-test-support';

describe('report CSV', () => {
  it('quotes fields with a quote, comma or line break (RFC 4180) and ends records with CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 12.5, true])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,12.5,true\r\n',
    );
  });

  it('prefixes text starting with = + - @ tab or CR with an apostrophe, never numbers', () => {
    for (const text of ['=1+1', '+45 1234', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvValue(text)).toBe(`'${text}`);
    }
    expect(csvValue(-2)).toBe('-2');
    expect(csvValue('a=b')).toBe('a=b');
    expect(csvField('=cmd|"/c calc"!A1')).toBe('"\'=cmd|""/c calc""!A1"');
  });

  it('writes times as ISO 8601 UTC', () => {
    expect(csvValue(new Date('2026-03-02T08:00:00Z'))).toBe('2026-03-02T08:00:00.000Z');
  });

  it('reads back what it writes', () => {
    const cells = ['a', 'b,c', '"q"', 'x\r\ny', ''];
    expect(parseCsv(csvLine(cells) + csvLine(['z']))).toEqual([cells, ['z']]);
  });
});
