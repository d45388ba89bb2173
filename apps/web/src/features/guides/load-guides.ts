import type { Guide, GuideLanguage } from './guide-types';

/** Each language's guides are a chunk of their own, fetched the first time they are read. */
const LOADERS: Record<GuideLanguage, () => Promise<readonly Guide[]>> = {
  en: () => import('./content/guides.en').then((module) => module.guides),
  da: () => import('./content/guides.da').then((module) => module.guides),
};

const loaded = new Map<GuideLanguage, Promise<readonly Guide[]>>();

/** The guides of `language`; a failed fetch is forgotten, so trying again fetches anew. */
export function loadGuides(language: GuideLanguage): Promise<readonly Guide[]> {
  let guides = loaded.get(language);
  if (!guides) {
    guides = LOADERS[language]();
    loaded.set(language, guides);
    guides.catch(() => loaded.delete(language));
  }
  return guides;
}
