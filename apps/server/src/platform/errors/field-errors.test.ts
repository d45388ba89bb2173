import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { withUniqueFieldErrors } from './field-errors';

const errors = { users_normalized_email_unique: { field: 'email', message: 'identity:emailTaken' } };

function databaseError(code: string, constraint: string) {
  // drizzle wraps the driver's error; the driver's carries code and constraint.
  return Object.assign(new Error('query failed'), {
    cause: Object.assign(new Error('dup'), { code, constraint }),
  });
}

describe('withUniqueFieldErrors', () => {
  it('turns a unique violation of a known constraint into its field error', async () => {
    const failure = withUniqueFieldErrors(
      () => Promise.reject(databaseError('23505', 'users_normalized_email_unique')),
      errors,
    );
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(failure).rejects.toMatchObject({
      code: 'validation_failed',
      validationErrors: [{ field: 'email', message: 'identity:emailTaken' }],
    });
  });

  it('passes other errors and other constraints through unchanged', async () => {
    const other = databaseError('23503', 'users_normalized_email_unique');
    await expect(withUniqueFieldErrors(() => Promise.reject(other), errors)).rejects.toBe(other);
    const unknown = databaseError('23505', 'something_else');
    await expect(withUniqueFieldErrors(() => Promise.reject(unknown), errors)).rejects.toBe(unknown);
    await expect(withUniqueFieldErrors(() => Promise.resolve(7), errors)).resolves.toBe(7);
  });
});
