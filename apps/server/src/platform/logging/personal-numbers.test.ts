import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { redactCprNumbers } from './personal-numbers';

describe('CPR redaction in logged URLs', () => {
  it('masks the serial of 10-digit numbers, dashed, encoded or not, and nothing else', () => {
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
