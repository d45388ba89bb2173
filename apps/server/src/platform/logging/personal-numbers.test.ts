import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { isCprBirthDate, redactCprNumbers } from './personal-numbers';

describe('CPR redaction in logged URLs', () => {
  it('masks the serial of CPR numbers, dashed, encoded or not, and nothing else', () => {
    expect(redactCprNumbers('/api/citizens?filter=010245-1234')).toBe('/api/citizens?filter=010245-XXXX');
    expect(redactCprNumbers('/api/citizens?filter=0102451234&x=1')).toBe(
      '/api/citizens?filter=010245-XXXX&x=1',
    );
    expect(redactCprNumbers('/api/citizens?filter=010245%2d1234')).toBe('/api/citizens?filter=010245-XXXX');
    expect(redactCprNumbers('/api/devices?filter=356938035643809')).toBe(
      '/api/devices?filter=356938035643809',
    );
    expect(redactCprNumbers('/api/users?filter=+4512345678')).toBe('/api/users?filter=+4512345678');
    expect(redactCprNumbers('/api/users?filter=%2B4512345678')).toBe('/api/users?filter=%2B4512345678');
  });

  it('leaves 10-digit numbers that are no date alone: device timestamps, counters, ids', () => {
    // OsmAnd's epoch seconds: the 95th month is no date.
    expect(redactCprNumbers('/?id=123456&lat=56.1&lon=10.1&timestamp=1795630000')).toBe(
      '/?id=123456&lat=56.1&lon=10.1&timestamp=1795630000',
    );
    expect(redactCprNumbers('/api/things?filter=3213451234')).toBe('/api/things?filter=3213451234');
    expect(redactCprNumbers('/api/things?filter=0013451234')).toBe('/api/things?filter=0013451234');
    expect(redactCprNumbers('counter 9999999999 reached')).toBe('counter 9999999999 reached');
    // 29 February only in a year divisible by 4.
    expect(redactCprNumbers('x=2902011234 y=2902041234')).toBe('x=2902011234 y=290204-XXXX');
  });

  it('leaves time parameters alone even when their digits happen to form a date', () => {
    // 1801150000 = 2027-01-28: "180115" reads as 18 January 2015.
    expect(redactCprNumbers('/?id=7&timestamp=1801150000&time=1801150000')).toBe(
      '/?id=7&timestamp=1801150000&time=1801150000',
    );
    expect(redactCprNumbers('/?filter=1801150000')).toBe('/?filter=180115-XXXX');
  });

  it('masks the value of a CPR parameter whatever its digits, and replacement numbers (day + 60)', () => {
    expect(redactCprNumbers('/api/x?cpr=9913451234&cprNumber=991345-1234')).toBe(
      '/api/x?cpr=991345-XXXX&cprNumber=991345-XXXX',
    );
    expect(redactCprNumbers('/api/citizens?filter=6102451234')).toBe('/api/citizens?filter=610245-XXXX');
  });

  it('knows the calendar', () => {
    expect(['010100', '311299', '290200', '300401', '610245', '910145'].map(isCprBirthDate)).toEqual(
      Array(6).fill(true),
    );
    expect(
      ['000100', '320100', '310401', '290201', '011300', '010000', '179563'].map(isCprBirthDate),
    ).toEqual(Array(7).fill(false));
  });

  it('leaves uuids whole, also one with 10 digits in a row, and still masks a CPR number beside one', () => {
    const id = '01a212fd-4bfd-7000-95be-5a1621707406';
    expect(redactCprNumbers(`/api/identity/roles/${id}`)).toBe(`/api/identity/roles/${id}`);
    expect(redactCprNumbers(`/api/audit-logs?url=${id.toUpperCase()}`)).toBe(
      `/api/audit-logs?url=${id.toUpperCase()}`,
    );
    expect(redactCprNumbers(`/api/citizens/${id}?filter=0102451234`)).toBe(
      `/api/citizens/${id}?filter=010245-XXXX`,
    );
  });

  it('is applied by the process logger to every request URL', () => {
    const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' });
    const serialize = (logger as unknown as { [key: symbol]: Record<string, (value: unknown) => unknown> })[
      Symbol.for('pino.serializers')
    ]!.req!;
    expect(serialize({ method: 'GET', url: '/api/citizens?filter=0102451234', headers: {} })).toMatchObject({
      method: 'GET',
      url: '/api/citizens?filter=010245-XXXX',
    });
  });
});
