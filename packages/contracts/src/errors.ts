import { z } from 'zod';

/**
 * The one catalogue of API error codes. Every error body the server sends carries one of these.
 * The web app translates `errors.<code>` from the `translation` namespace.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code, so a service can throw by code and the status follows. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
};

/** A field-level error. `message` is a translation key such as `validation.minLength`; `params` fill it. */
export const zValidationError = z.object({
  field: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ValidationError = z.infer<typeof zValidationError>;

/** The single error shape: `{ error: { code, message, details?, validationErrors? } }`. */
export const zApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.string().optional(),
    validationErrors: z.array(zValidationError).optional(),
  }),
});
export type ApiError = z.infer<typeof zApiError>;

/** The translation key of an error code's generic message. */
export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}

export function isApiError(value: unknown): value is ApiError {
  return zApiError.safeParse(value).success;
}
