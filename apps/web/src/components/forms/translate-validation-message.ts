import { splitValidationMessage } from '@homeward/contracts';
import type { TFunction } from 'i18next';

/**
 * A field error's text. The message is a translation key (`validation.minLength`, possibly namespaced
 * like `identity:userNameTaken`), either bare with separate params (server `validationErrors`) or
 * with its params encoded after a `|` (the contracts' zod error map in the browser). `{field}` is
 * filled with the field's label. A message that is no key (plain server text) is shown as is.
 */
export function translateValidationMessage(
  t: TFunction,
  message: string,
  fieldLabel: string,
  params?: Record<string, string | number>,
): string {
  const split = splitValidationMessage(message);
  const all = { ...split.params, ...params, field: fieldLabel };
  return t(qualifiedKey(split.key), { ...all, defaultValue: split.key });
}

/**
 * A key without a namespace belongs to `translation` (the contracts' `validation.*`), whatever
 * namespace the screen's `t` defaults to; a namespaced key (`registration:emailTaken`) stays.
 */
export function qualifiedKey(key: string): string {
  return key.includes(':') ? key : `translation:${key}`;
}
