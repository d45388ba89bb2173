import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { guideLanguageFor, type Guide, type GuideLanguage } from './guide-types';
import { loadGuides } from './load-guides';

export type GuidesState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'ready'; guides: readonly Guide[]; language: GuideLanguage };

/**
 * The guides in the current language (English for a language they are not written in), fetched
 * again when the language changes; `language` says which ones were read.
 */
export function useGuides(): GuidesState {
  const { i18n } = useTranslation();
  const language = guideLanguageFor(i18n.language ?? 'en');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<
    { language: GuideLanguage; attempt: number; guides?: readonly Guide[]; failed?: boolean } | undefined
  >();
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    loadGuides(language).then(
      (guides) => current && setResult({ language, attempt, guides }),
      () => current && setResult({ language, attempt, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [language, attempt]);

  if (!result || result.language !== language || result.attempt !== attempt) return { status: 'loading' };
  if (result.guides) return { status: 'ready', guides: result.guides, language };
  return { status: 'failed', retry };
}
