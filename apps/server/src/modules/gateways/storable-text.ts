/**
 * Text a device sends must be text PostgreSQL can store. A NUL character is refused in any `text`
 * value ("invalid byte sequence for encoding UTF8: 0x00"), and an unpaired UTF-16 surrogate cannot be
 * written as UTF-8 or inside `jsonb`. Such a value anywhere in a report would fail the database
 * statement, so the adapters refuse it at the door: a 400 for that request (OsmAnd), a dropped and
 * counted frame (watch, MQTT). No real device sends either: they are garbage or probes.
 */

import { unstorableTextOf, type UnstorableText } from '../../platform/db/storable-text';

/** Longer than any field a device sends (ids 64, attributes 512, a push token about 200). */
export const MAX_DEVICE_TEXT_LENGTH = 4096;

const PROBLEMS: Record<UnstorableText, string> = {
  nul: 'contains a NUL character',
  loneSurrogate: 'contains an unpaired surrogate (not valid Unicode)',
};

/** Why one string cannot be stored, or null. */
function problemOf(text: string): string | null {
  if (text.length > MAX_DEVICE_TEXT_LENGTH) return `is longer than ${MAX_DEVICE_TEXT_LENGTH} characters`;
  const problem = unstorableTextOf(text);
  return problem ? PROBLEMS[problem] : null;
}

/** Whether every string and key in `value` can be stored; the fast path, building no names. */
function isStorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (problemOf(current)) return false;
    } else if (current instanceof URLSearchParams) {
      for (const [key, text] of current) if (problemOf(key) || problemOf(text)) return false;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      // for-in allocates no key array; an inherited enumerable key would only be checked too.
      for (const key in current) {
        if (problemOf(key)) return false;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/**
 * Why a decoded input (a parsed JSON body, query parameters, a report) holds text PostgreSQL cannot
 * store, naming where (`id`, `location.extras`, `a parameter name`), or null when every string and
 * key is fine. A key is checked before its value, so a name in a message has passed the check.
 * Walks without recursion (a 64 KiB JSON body can nest thousands of levels deep) and stops
 * lengthening the path after a few levels.
 */
export function unstorableTextIn(value: unknown): string | null {
  if (isStorable(value)) return null;
  const pending: [unknown, string][] = [[value, '']];
  const within = (path: string, key: string) =>
    path === '' ? key : path.length > 80 ? path : `${path}.${key}`;
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) return `${path || 'the input'} ${problem}`;
    } else if (current instanceof URLSearchParams) {
      for (const [key, text] of current) pending.push([text, key], [key, 'a parameter name']);
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push([item, path]);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        pending.push([item, within(path, key)], [key, path ? `a key in ${path}` : 'a key']);
      }
    }
  }
  return null;
}
