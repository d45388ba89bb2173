import { beforeAll, describe, expect, it } from 'vitest';
import { zDateTimeInput } from './field-rules';
import { fieldErrorsOf, installValidationMessages } from './validation';

beforeAll(() => installValidationMessages());

describe('zDateTimeInput', () => {
  it('takes ISO date-times with an offset inside the years the database can store', () => {
    for (const text of ['2026-03-01T08:30:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59+01:00']) {
      expect(zDateTimeInput.safeParse(text).success, text).toBe(true);
    }
  });

  it('refuses year 0 and a time that is past 9999 in UTC as invalid', () => {
    for (const text of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:59:59-05:00']) {
      const result = zDateTimeInput.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(fieldErrorsOf(result.error!)).toEqual([{ field: '', message: 'validation.invalid' }]);
    }
  });
});
