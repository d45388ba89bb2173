import type { LanguageDetectorModule } from 'i18next';
import { STORAGE_KEYS, TRANSLATION_LOADING } from '@homeward/contracts';

type AddressParts = Pick<Location, 'search'>;
type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): LanguageStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The languages the visitor asked for, most wanted first: the `lng` query parameter, then the
 * choice stored in local storage (spec §9). i18next takes the first it supports, else the default.
 */
export function detectLanguages(
  location: AddressParts = window.location,
  storage: LanguageStorage | undefined = browserStorage(),
): string[] {
  const found: string[] = [];
  const fromQuery = new URLSearchParams(location.search).get(TRANSLATION_LOADING.queryParameter);
  if (fromQuery) found.push(fromQuery);
  try {
    const stored = storage?.getItem(STORAGE_KEYS.language);
    if (stored) found.push(stored);
  } catch {
    // An unreadable store only means no remembered choice.
  }
  return found;
}

/**
 * i18next's language detector for the app, in place of i18next-browser-languagedetector (2 KB gzip
 * for the many sources it supports): the query parameter and local storage, and the
 * language i18next settles on stored back in local storage, every time it changes (including the
 * first time, as the library's `caches: ['localStorage']` did).
 */
export function createLanguageDetector(
  location?: AddressParts,
  storage: LanguageStorage | undefined = browserStorage(),
): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => detectLanguages(location, storage),
    cacheUserLanguage(lng) {
      // i18next's pseudo-language for showing keys is never a visitor's choice.
      if (lng === 'cimode') return;
      try {
        storage?.setItem(STORAGE_KEYS.language, lng);
      } catch {
        // Private browsing or a full quota: the choice is just not remembered.
      }
    },
  };
}
