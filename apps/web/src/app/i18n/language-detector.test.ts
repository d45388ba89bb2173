import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from './i18n';
import { createLanguageDetector, detectLanguages } from './language-detector';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

/** The language an i18next instance with the app's options settles on, and what it stored. */
async function settle(search: string, stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored);
  const instance = i18next.createInstance();
  await instance.use(createLanguageDetector({ search }, storage)).init({
    ...i18nOptions,
    // Only the bundled texts: this is about choosing the language, not loading it.
    partialBundledLanguages: false,
  });
  return { language: instance.language, storage, instance };
}

describe('detectLanguages', () => {
  it('lists the lng query parameter first, then the stored choice', () => {
    expect(detectLanguages({ search: '?lng=da' }, memoryStorage({ language: 'en' }))).toEqual(['da', 'en']);
    expect(detectLanguages({ search: '' }, memoryStorage())).toEqual([]);
  });

  it('treats an unreadable store as no stored choice', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(detectLanguages({ search: '?lng=da' }, broken)).toEqual(['da']);
  });
});

describe('the language a visitor gets (spec §9)', () => {
  it('is the lng query parameter, remembered in local storage', async () => {
    const { language, storage } = await settle('?lng=da');
    expect(language).toBe('da');
    expect(storage.data.get('language')).toBe('da');
  });

  it('is the stored choice without a query parameter, and the parameter over it', async () => {
    expect((await settle('', { language: 'da' })).language).toBe('da');
    expect((await settle('?lng=en', { language: 'da' })).language).toBe('en');
  });

  it('skips a language the app does not have', async () => {
    expect((await settle('?lng=fr', { language: 'da' })).language).toBe('da');
    expect((await settle('?lng=fr')).language).toBe('en');
  });

  it('is English by default, remembered like any other', async () => {
    const { language, storage } = await settle('');
    expect(language).toBe('en');
    expect(storage.data.get('language')).toBe('en');
  });

  it('remembers every later change', async () => {
    const { instance, storage } = await settle('');
    await instance.changeLanguage('da');
    expect(storage.data.get('language')).toBe('da');
  });
});
