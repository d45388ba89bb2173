import type { Culture } from '@homeward/contracts';

/**
 * Common culture names. `Intl.supportedValuesOf` has no locale list, so the names come from this
 * fixed list and their display names from `Intl.DisplayNames` in the caller's language.
 */
export const COMMON_CULTURES = [
  'ar',
  'bg',
  'cs',
  'da',
  'da-DK',
  'de',
  'de-AT',
  'de-CH',
  'de-DE',
  'el',
  'en',
  'en-GB',
  'en-US',
  'es',
  'es-ES',
  'es-MX',
  'et',
  'fi',
  'fo',
  'fr',
  'fr-FR',
  'fr-CA',
  'hr',
  'hu',
  'is',
  'it',
  'ja',
  'kl',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'se',
  'sk',
  'sl',
  'so',
  'sr',
  'sv',
  'sv-SE',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh-Hans',
  'zh-Hant',
] as const;

function knownLocale(language: string): string {
  try {
    return Intl.DisplayNames.supportedLocalesOf([language])[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The common cultures named in `language` (English when Intl does not know it), sorted by name. */
export function listCultures(language: string): Culture[] {
  const locale = knownLocale(language);
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return COMMON_CULTURES.map((cultureName) => ({
    cultureName,
    displayName: names.of(cultureName) ?? cultureName,
  })).sort((a, b) => a.displayName.localeCompare(b.displayName, locale));
}
