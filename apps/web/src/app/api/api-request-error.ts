import type { ApiError } from '@homeward/contracts';

/** A failed API call: the HTTP status (none for network failures) and the parsed error body if any. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number | undefined,
    readonly body: ApiError | undefined,
    message = body?.error.message ??
      (status ? `Request failed with status ${status}` : 'Network request failed'),
  ) {
    super(message);
  }

  /** The catalogue code, for translating `errors.<code>`. */
  get code(): ApiError['error']['code'] | undefined {
    return this.body?.error.code;
  }
}
