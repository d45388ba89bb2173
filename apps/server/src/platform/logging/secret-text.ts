import { redactCprNumbers } from './personal-numbers';

/** What a removed secret is replaced with in a log line. */
export const REDACTED = '[redacted]';

/**
 * Names of fields and parameters that hold a secret: passwords and their hashes, tokens of every
 * kind (access, refresh, id, confirmation, invitation, reset), client, MQTT and TOTP secrets, and
 * the headers that carry them. Matched case-insensitively on the whole name, so `tokenType` or
 * `passwordPolicy` stay readable while `access_token` and `mqttSecret` do not.
 */
const SECRET_NAME =
  /^(?:.*(?:password|passwd|secret|token|apikey|api_key)|passwordhash|password_hash|pwd|authorization|proxy-authorization|cookie|set-cookie|code_verifier|id_token_hint|otp|totp|credentials?)$/i;
const NOT_SECRET_NAME = /^(?:token_?type|token_type_hint|tokentypehint)$/i;

/** True when a field or parameter of this name must never be logged with its value. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name);
}

/**
 * Secret-shaped text wherever it stands. Each pattern is linear (no nested quantifiers), since it
 * runs on every logged message.
 */
const SECRET_SHAPES: [RegExp, string][] = [
  // argon2 (and any PHC-format) password hashes: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`.
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*/g, REDACTED],
  // JWTs (id tokens, signed request objects): three base64url parts, the first a JSON header.
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization header values quoted in text.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  // Authenticator enrolment addresses carry the TOTP secret.
  [/otpauth:\/\/[^\s"'<>]*/gi, `otpauth://${REDACTED}`],
  // A watch's activation code as printed (`ABCDE-FGH23`: contracts' ACTIVATION_CODE_ALPHABET).
  [/\b[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}\b/g, REDACTED],
  // drizzle's DrizzleQueryError message ends in the query's parameters, one line.
  [/\n\s*params: [^\n]*/g, `\nparams: ${REDACTED}`],
  // PostgreSQL error details quote the row or the key values (`Failing row contains (...)`).
  [/(Failing row contains )\([^\n]*\)/g, `$1(${REDACTED})`],
  [/(Key \([^)\n]*\)=)\([^\n]*?\)( already exists| is not present| conflicts)/g, `$1(${REDACTED})$2`],
];

/** `name=value` in a query string or form body, `"name": "value"` in JSON, `name: value` in text. */
const NAMED_VALUE =
  /([?&;\s,{(]|^)("?)([A-Za-z_][\w.-]*)\2(\s*[=:]\s*)("(?:[^"\\\n]|\\.)*"|[^\s&;,"')}\]]*)/g;

function redactNamedValues(text: string): string {
  return text.replace(NAMED_VALUE, (whole, lead: string, quote: string, name: string, sep: string, value) => {
    if (!value || !isSecretName(name)) return whole;
    const masked = value.startsWith('"') ? `"${REDACTED}"` : REDACTED;
    return `${lead}${quote}${name}${quote}${sep}${masked}`;
  });
}

function redactShapes(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_SHAPES) result = result.replace(pattern, replacement);
  return result;
}

/** `text` without secret-shaped values (hashes, JWTs, bearer values, otpauth) and CPR numbers. */
export function redactSecretShapes(text: string): string {
  return redactCprNumbers(redactShapes(text));
}

/** Longer text is cut before it is logged (and before the patterns above run over it). */
export const MAX_LOGGED_TEXT = 8192;

/**
 * `text` cut to `maxLength`, with the note how much was cut. The cut drops the last, partial
 * word too, so a secret or CPR number at the cut cannot survive in part (`0102451` of `0102451234`
 * is no longer a CPR number to the masking, but still most of one). A fuzzed request of 10 MB must
 * not become a 10 MB log line either.
 */
export function clipLoggedText(text: string, maxLength = MAX_LOGGED_TEXT): string {
  if (text.length <= maxLength) return text;
  return `${text.slice(0, maxLength).replace(/[^\s&;,=?/:]*$/, '')}…[${text.length - maxLength} more characters]`;
}

/**
 * `text` without secrets: secret-shaped values, values of secret-named parameters and fields, and
 * CPR numbers, cut to `maxLength`. Used on log messages, error messages and stacks, and request
 * URLs. Shapes go first: `Authorization: Bearer x` is a named value too, and would otherwise lose
 * only the word "Bearer".
 */
export function redactSecretText(text: string, maxLength = MAX_LOGGED_TEXT): string {
  return redactCprNumbers(redactNamedValues(redactShapes(clipLoggedText(text, maxLength))));
}
