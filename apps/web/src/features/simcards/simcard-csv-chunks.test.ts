import { describe, expect, it } from 'vitest';
import { splitCsvIntoChunks } from './simcard-csv-chunks';

describe('splitCsvIntoChunks', () => {
  it('repeats the header in every chunk and offsets the line numbers to the file’s', () => {
    const text = 'iccid,msisdn\n1,a\n2,b\n\n3,c\n4,d\n5,e';
    const { chunks, rows } = splitCsvIntoChunks(text, 2);
    expect(rows).toBe(5);
    expect(chunks).toEqual([
      { csv: 'iccid,msisdn\n1,a\n2,b', lineOffset: 0, rows: 2 },
      { csv: 'iccid,msisdn\n3,c\n4,d', lineOffset: 3, rows: 2 },
      { csv: 'iccid,msisdn\n5,e', lineOffset: 5, rows: 1 },
    ]);
    // The server numbers a chunk's header 1; "3,c" is then its line 2, and 2 + 3 is the file's 5.
    expect(text.split('\n')[4]).toBe('3,c');
  });

  it('never tears a record whose quoted cell holds a line break', () => {
    const text = '\uFEFFiccid,note\r\n1,"two\r\nlines"\r\n2,x\r\n';
    const { chunks } = splitCsvIntoChunks(text, 1);
    expect(chunks).toEqual([
      { csv: 'iccid,note\n1,"two\nlines"', lineOffset: 0, rows: 1 },
      { csv: 'iccid,note\n2,x', lineOffset: 2, rows: 1 },
    ]);
  });

  it('sends a file without data as it is, for the server to say why', () => {
    expect(splitCsvIntoChunks('iccid,msisdn\n\n', 10)).toEqual({
      chunks: [{ csv: 'iccid,msisdn\n\n', lineOffset: 0, rows: 0 }],
      rows: 0,
    });
  });
});
