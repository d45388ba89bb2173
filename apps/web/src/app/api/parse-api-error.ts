import { isApiError, type ApiError } from '@homeward/contracts';

/** The error body if it has the one API error shape (contracts `zApiError`), else undefined. */
export function parseApiError(body: unknown): ApiError | undefined {
  return isApiError(body) ? body : undefined;
}
