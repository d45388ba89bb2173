import { DEFAULT_LANGUAGE, type Language } from '@homeward/contracts';
import { flattenResource, interpolate, loadResource } from '@homeward/i18n';

/** Translates `namespace:key` into a language on the server (export headers, e-mails). */
export type ServerTexts = (
  language: Language,
  key: string,
  params?: Record<string, string | number>,
) => string;

/**
 * Reads the shipped resource files once per language and namespace, then answers from memory.
 * A key missing in the language falls back to English, then to the key itself.
 */
export function createServerTexts(): {
  load(languages: readonly Language[], namespaces: readonly string[]): Promise<void>;
  translate: ServerTexts;
} {
  const cache = new Map<string, Record<string, string>>();
  const cacheKey = (language: Language, namespace: string) => `${language}/${namespace}`;
  const lookup = (language: Language, namespace: string, key: string) =>
    cache.get(cacheKey(language, namespace))?.[key];
  return {
    async load(languages, namespaces) {
      for (const language of new Set([...languages, DEFAULT_LANGUAGE])) {
        for (const namespace of namespaces) {
          if (cache.has(cacheKey(language, namespace))) continue;
          const resource = await loadResource(language, namespace);
          cache.set(cacheKey(language, namespace), resource ? flattenResource(resource) : {});
        }
      }
    },
    translate(language, fullKey, params) {
      const [namespace, key] = fullKey.includes(':') ? fullKey.split(':', 2) : ['translation', fullKey];
      const text =
        lookup(language, namespace!, key!) ?? lookup(DEFAULT_LANGUAGE, namespace!, key!) ?? fullKey;
      return interpolate(text, params);
    },
  };
}

/** The process's server-side texts: the shipped resource files never change while it runs. */
export const serverTexts = createServerTexts();
