import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DeviceBatchFileError, parseDeviceBatchCsv, splitCsvRecords } from './device-batch-csv';

function fileErrorOf(run: () => unknown): { key: string; params?: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof DeviceBatchFileError) return { key: error.messageKey, params: error.params };
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('device batch CSV', () => {
  it('reads columns in any order and case, with `;` or `,`, and trims cells', () => {
    const comma = parseDeviceBatchCsv('Name,IMEI,organization\n Watch 1 ,356938035643809,Nord\n', 10);
    const semicolon = parseDeviceBatchCsv('imei;name;Organization\r\n356938035643809;Watch 1;Nord', 10);
    expect(comma).toEqual([
      { line: 2, cells: { name: 'Watch 1', imei: '356938035643809', organization: 'Nord' } },
    ]);
    expect(semicolon).toEqual(comma);
  });

  it('keeps quoted separators, quotes and line breaks inside a cell, and counts lines right', () => {
    const records = splitCsvRecords('a,b\n"x, ""y""","two\nlines"\n\nlast,1');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'two\nlines'] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });

  it('refuses a file with an unknown or missing column, no rows, too many rows or an open quote', () => {
    expect(fileErrorOf(() => parseDeviceBatchCsv('imei,name,organization,colour\n1,2,3,4', 10))).toEqual({
      key: 'devices:csvUnknownColumn',
      params: { column: 'colour' },
    });
    expect(fileErrorOf(() => parseDeviceBatchCsv('imei,name\n1,2', 10))).toEqual({
      key: 'devices:csvMissingColumn',
      params: { column: 'organization' },
    });
    expect(fileErrorOf(() => parseDeviceBatchCsv('imei,name,organization\n', 10)).key).toBe(
      'devices:csvEmpty',
    );
    expect(fileErrorOf(() => parseDeviceBatchCsv('imei,name,organization\n1,a,b\n2,c,d', 1))).toEqual({
      key: 'devices:csvTooManyRows',
      params: { count: 1 },
    });
    expect(fileErrorOf(() => splitCsvRecords('a,b\n"open,1')).key).toBe('devices:csvUnclosedQuote');
  });

  it('never throws anything but a file error on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          parseDeviceBatchCsv(text, 50);
        } catch (error) {
          if (!(error instanceof DeviceBatchFileError)) throw error;
        }
      }),
    );
  });
});
