import {
  DEFAULT_LANGUAGE,
  errorMessageKey,
  SELECTABLE_LANGUAGES,
  type ErrorCode,
  type Language,
} from '@homeward/contracts';
import { flattenResource, loadResource } from '@homeward/i18n';

/** Translates an error code's generic message into a language. */
export type ErrorMessages = (code: ErrorCode, language: Language) => string;

/**
 * Loads `errors.<code>` from the `translation` resources of every selectable language once, so the
 * error handler never touches the disk. Falls back to English, then to the code itself.
 */
export async function loadErrorMessages(): Promise<ErrorMessages> {
  const byLanguage = new Map<Language, Record<string, string>>();
  for (const language of SELECTABLE_LANGUAGES) {
    const resource = await loadResource(language, 'translation');
    byLanguage.set(language, resource ? flattenResource(resource) : {});
  }
  return (code, language) => {
    const key = errorMessageKey(code);
    return byLanguage.get(language)?.[key] ?? byLanguage.get(DEFAULT_LANGUAGE)?.[key] ?? code;
  };
}
