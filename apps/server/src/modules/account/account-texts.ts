import { DEFAULT_LANGUAGE, SELECTABLE_LANGUAGES } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';
import { preferredLanguage } from '../../platform/i18n/request-language';

/** The languages the account pages and e-mails are written in (en and da are complete). */
export type AccountLanguage = (typeof SELECTABLE_LANGUAGES)[number];

/** Looks up a key of the `account` namespace; falls back to English, then to the key itself. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface AccountTexts {
  translator(language: AccountLanguage): Translate;
}

/** Reads `account.json` of every selectable language once, so pages never touch the disk. */
export async function loadAccountTexts(): Promise<AccountTexts> {
  const byLanguage = new Map<AccountLanguage, Record<string, string>>();
  for (const language of SELECTABLE_LANGUAGES) {
    const resource = await loadResource(language, 'account');
    byLanguage.set(language, resource ? flattenResource(resource) : {});
  }
  const fallback = byLanguage.get(DEFAULT_LANGUAGE as AccountLanguage) ?? {};
  return {
    translator(language) {
      const texts = byLanguage.get(language) ?? fallback;
      return (key, params) => {
        const bare = key.startsWith('account:') ? key.slice('account:'.length) : key;
        return interpolate(texts[bare] ?? fallback[bare] ?? key, params);
      };
    },
  };
}

export function isAccountLanguage(value: unknown): value is AccountLanguage {
  return typeof value === 'string' && (SELECTABLE_LANGUAGES as readonly string[]).includes(value);
}

/** The cookie remembering a language picked on the account pages. */
export const LANGUAGE_COOKIE = 'lng';

/**
 * The language of an account page: `?lng=`, then the `lng` cookie set when the visitor switched,
 * then Accept-Language, then English.
 */
export function accountLanguageOf(request: {
  query: unknown;
  headers: { cookie?: string; 'accept-language'?: string };
}): AccountLanguage {
  const fromQuery = (request.query as { lng?: unknown } | undefined)?.lng;
  if (isAccountLanguage(fromQuery)) return fromQuery;
  const fromCookie = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  if (isAccountLanguage(fromCookie)) return fromCookie;
  return preferredLanguage(request.headers['accept-language']) as AccountLanguage;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
