import { DEFAULT_LANGUAGE, SELECTABLE_LANGUAGES, type Language } from '@homeward/contracts';

/**
 * Picks the language to answer in from an Accept-Language header: the highest-weighted entry whose
 * primary subtag (da-DK → da) is one of `available`, or the default language.
 */
export function preferredLanguage(
  acceptLanguage: string | undefined,
  available: readonly Language[] = SELECTABLE_LANGUAGES,
): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        order,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) {
    const match = available.find((language) => language === entry.primary);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
