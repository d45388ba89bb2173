import { QUERY_MAX_ATTEMPTS, QUERY_NO_RETRY_STATUSES } from '@homeward/contracts';
import { ApiRequestError } from '../api/api-request-error';

/**
 * Spec §7: never retry 403, 404, 500 or 503; retry anything else until QUERY_MAX_ATTEMPTS attempts
 * were made in total. react-query passes the number of failures so far, starting at 0 after the
 * first failed attempt, so `failureCount < 2` allows attempts 2 and 3. Its own module, without
 * react-query, because the bootstrap's configuration load follows it too (app-bootstrap-load.ts).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = error instanceof ApiRequestError ? error.status : undefined;
  if (status !== undefined && (QUERY_NO_RETRY_STATUSES as readonly number[]).includes(status)) return false;
  return failureCount < QUERY_MAX_ATTEMPTS - 1;
}
