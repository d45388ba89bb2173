import { beforeAll, describe, expect, it } from 'vitest';
import { zCreateUserForm, zPagedRequest } from './users';
import { fieldErrorsOf, installValidationMessages } from './validation';

beforeAll(() => installValidationMessages());

describe('paged request', () => {
  it('defaults to the first ten rows and reads numbers from the query string', () => {
    expect(zPagedRequest.parse({})).toEqual({ skipCount: 0, maxResultCount: 10 });
    expect(zPagedRequest.parse({ skipCount: '20', maxResultCount: '50' })).toMatchObject({
      skipCount: 20,
      maxResultCount: 50,
    });
  });

  it('caps a page at 1000 rows and refuses negative offsets', () => {
    const result = zPagedRequest.safeParse({ skipCount: '-1', maxResultCount: '1001' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error).map((error) => [error.field, error.message])).toEqual([
        ['skipCount', 'validation.numberMin'],
        ['maxResultCount', 'validation.numberMax'],
      ]);
    }
  });
});

describe('create-user form', () => {
  it('applies the password policy it is given', () => {
    const form = zCreateUserForm({ minLength: 12, maxLength: 20 });
    const result = form.safeParse({ userName: 'anna', email: 'anna@example.com', password: 'Short-Pw1' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual([
        { field: 'password', message: 'validation.minLength', params: { count: 12 } },
      ]);
    }
  });
});
