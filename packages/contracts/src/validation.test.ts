import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorsOf,
  installValidationMessages,
  splitValidationMessage,
  VALIDATION_KEYS,
} from './validation';

beforeAll(() => installValidationMessages());

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return fieldErrorsOf(result.error);
}

describe('validation messages are translation keys with parameters', () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    code: z.string().length(13),
    discount: z.number().min(0).max(100),
    email: z.email(),
    digits: z.string().regex(/^\d+$/, VALIDATION_KEYS.digitsOnly),
  });
  const valid = { name: 'Ann', code: '1234567890123', discount: 10, email: 'a@b.dk', digits: '12' };

  it('reports a missing field as required', () => {
    const { name: _omit, ...rest } = valid;
    expect(errorsOf(schema, rest)).toEqual([{ field: 'name', message: 'validation.required' }]);
  });

  it('reports an empty string as required', () => {
    expect(errorsOf(schema, { ...valid, name: '' })).toEqual([
      { field: 'name', message: 'validation.required' },
    ]);
  });

  it('reports lengths with their count', () => {
    expect(errorsOf(schema, { ...valid, name: 'too long' })).toEqual([
      { field: 'name', message: 'validation.maxLength', params: { count: 5 } },
    ]);
    expect(errorsOf(schema, { ...valid, code: '123' })).toEqual([
      { field: 'code', message: 'validation.exactLength', params: { count: 13 } },
    ]);
  });

  it('reports number bounds and non-numbers', () => {
    expect(errorsOf(schema, { ...valid, discount: 101 })).toEqual([
      { field: 'discount', message: 'validation.numberMax', params: { count: 100 } },
    ]);
    expect(errorsOf(schema, { ...valid, discount: -1 })).toEqual([
      { field: 'discount', message: 'validation.numberMin', params: { count: 0 } },
    ]);
    expect(errorsOf(schema, { ...valid, discount: 'ten' })).toEqual([
      { field: 'discount', message: 'validation.mustBeNumber' },
    ]);
  });

  it('keeps explicit keys and reports e-mails', () => {
    expect(errorsOf(schema, { ...valid, digits: '12a' })).toEqual([
      { field: 'digits', message: 'validation.digitsOnly' },
    ]);
    expect(errorsOf(schema, { ...valid, email: 'nope' })).toEqual([
      { field: 'email', message: 'validation.email' },
    ]);
  });

  it('splits a message without parameters or with broken ones', () => {
    expect(splitValidationMessage('validation.invalid')).toEqual({ key: 'validation.invalid' });
    expect(splitValidationMessage('validation.invalid|{oops')).toEqual({ key: 'validation.invalid' });
  });
});
