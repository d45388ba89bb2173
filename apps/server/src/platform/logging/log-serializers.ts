import { isSecretName, REDACTED, redactSecretText } from './secret-text';

/**
 * Error fields that quote data rather than describe the failure: drizzle's and PGlite's query
 * parameters, PostgreSQL's `detail` (`Failing row contains (…, $argon2id$…, …)`, `Key (email)=(…)`)
 * and `where` (the PL/pgSQL context, which can quote values). The SQL text, the error code, the
 * constraint and the table stay: they are what a developer needs to find the fault.
 */
const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** Deep enough for error → cause → cause chains and small context objects; deeper is summarised. */
const MAX_DEPTH = 6;

interface ErrorLike {
  message?: unknown;
  stack?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

/**
 * A logged value without secrets: secret-named fields lose their value, strings lose secret-shaped
 * text, errors go through `serializeLoggedError`.
 */
export function redactLoggedValue(
  value: unknown,
  depth = 0,
  seen = new WeakSet<object>(),
  redactText: (text: string) => string = redactSecretText,
): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (isErrorLike(value)) return serializeError(value, depth, seen);
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactLoggedValue(item, depth + 1, seen, redactText));
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name}]`;
  // Instances (dates, sockets, requests) are left to pino and the redact paths: walking them would
  // turn a Date into {} and a socket into pages of internals.
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null && !(value instanceof Map)) return value;
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    const name = String(key);
    result[name] = isSecretName(name) ? REDACTED : redactLoggedValue(item, depth + 1, seen, redactText);
  }
  return result;
}

/**
 * drizzle's `DrizzleQueryError` writes the parameters into its message (`Failed query: …\nparams:
 * a,b,c`), and a parameter can hold line breaks, so everything from `params:` on is cut, not only
 * its line.
 */
function messageWithoutParameters(error: ErrorLike, message: string): string {
  const at = 'params' in error ? message.indexOf('\nparams: ') : -1;
  return at < 0 ? message : `${message.slice(0, at)}\nparams: ${REDACTED}`;
}

function serializeError(error: ErrorLike, depth: number, seen: WeakSet<object>): unknown {
  if (seen.has(error)) return '[circular]';
  seen.add(error);
  const rawMessage = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  const message = redactSecretText(messageWithoutParameters(error, rawMessage));
  // The stack starts with the message, so the message's secrets are in it too.
  const rawStack = typeof error.stack === 'string' ? error.stack : undefined;
  const stack = rawStack && redactSecretText(rawMessage ? rawStack.replace(rawMessage, message) : rawStack);
  const constructorName = (error as object).constructor?.name;
  const result: Record<string, unknown> = {
    type: constructorName && constructorName !== 'Object' ? constructorName : String(error.name ?? 'Error'),
    message,
    stack,
  };
  for (const key of Object.keys(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || key === 'errors') continue;
    if (DROPPED_ERROR_FIELDS.has(key)) continue;
    result[key] = isSecretName(key) ? REDACTED : redactLoggedValue(error[key], depth + 1, seen);
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) {
    result.cause = redactLoggedValue(error.cause, depth + 1, seen);
  }
  if (Array.isArray(error.errors) && depth < MAX_DEPTH) {
    result.aggregateErrors = error.errors.map((item) => redactLoggedValue(item, depth + 1, seen));
  }
  return result;
}

/** The logger's `err` serializer: the error, its causes and its fields, without secrets. */
export function serializeLoggedError(error: unknown): unknown {
  return redactLoggedValue(error);
}
