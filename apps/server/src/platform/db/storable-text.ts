/**
 * Text PostgreSQL cannot store: a NUL character is refused in any `text` value ("invalid byte
 * sequence for encoding UTF8: 0x00") and in `jsonb` ("unsupported Unicode escape sequence"), and an
 * unpaired UTF-16 surrogate (which JSON allows as `\ud800`) has no UTF-8 form. Such a value reaching
 * a statement fails it, and the transaction with it; every door that takes outside text (the API's
 * input guard, the device gateways, the sign-in provider's lookups) refuses it first with this one
 * rule.
 */
export type UnstorableText = 'nul' | 'loneSurrogate';

/** NUL or any surrogate: one scan decides for almost every string that it is fine. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE_SOURCE =
  '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
const UNSTORABLE = new RegExp(`\\0|${LONE_SURROGATE_SOURCE}`, 'g');

/** Why PostgreSQL would refuse this text, or null when it can be stored. */
export function unstorableTextOf(text: string): UnstorableText | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'loneSurrogate' : null;
}

/** Whether PostgreSQL can store this text. */
export const isStorableText = (text: string): boolean => unstorableTextOf(text) === null;

/** The text with what PostgreSQL cannot store replaced by U+FFFD, for recording what was received. */
export const toStorableText = (text: string): string => text.replace(UNSTORABLE, '\uFFFD');
