import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/api-request-error';
import { createQueryClient, shouldRetryQuery } from './query-client';

const failure = (status?: number) => new ApiRequestError(status, undefined);

describe('query retry policy', () => {
  it('never retries 403, 404, 500 or 503', () => {
    for (const status of [403, 404, 500, 503]) expect(shouldRetryQuery(0, failure(status))).toBe(false);
  });

  it('retries other failures until three attempts were made', () => {
    for (const error of [failure(502), failure(400), failure(undefined), new Error('boom')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(false);
    }
  });

  it('waits 10 seconds between attempts and does not refetch on mount or focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({
      retryDelay: 10_000,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
    });
    expect(defaults?.retry).toBe(shouldRetryQuery);
  });
});
