import type { z } from 'zod';
import { ApiRequestError } from './api-request-error';

/** How many of the parse issues the message lists; the rest are counted. */
const LISTED_ISSUES = 3;

/**
 * A successful answer that does not match its endpoint's contract (contracts `endpoints`): the
 * server and the web app disagree on the shape. It is an `ApiRequestError` with the answer's status
 * and no error body, so screens show it like any other failed call ("Something went wrong"); the
 * message names the endpoint and the fields for whoever reads the console or the error report. The
 * issues carry paths and expectations only, never the values received.
 */
export class ApiContractError extends ApiRequestError {
  constructor(
    readonly endpointName: string,
    status: number,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      status,
      undefined,
      `The answer of ${endpointName} does not match its contract: ${describe(issues)}`,
    );
  }
}

function describe(issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  const more = issues.length - listed.length;
  return more > 0 ? `${listed.join('; ')} (and ${more} more)` : listed.join('; ');
}
