import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, errorMessageKey, isApiError } from './errors';

describe('error catalogue', () => {
  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it('recognises the one error shape and nothing else', () => {
    expect(isApiError({ error: { code: 'not_found', message: 'Not found' } })).toBe(true);
    expect(isApiError({ error: { code: 'made_up', message: 'x' } })).toBe(false);
    expect(isApiError({ message: 'Not found' })).toBe(false);
  });

  it('keys messages under errors.<code>', () => {
    expect(errorMessageKey('forbidden')).toBe('errors.forbidden');
  });
});
