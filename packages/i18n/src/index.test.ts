import { describe, expect, it } from 'vitest';
import { flattenResource, interpolate, listNamespaces, loadResource } from './index';

describe('translation resources', () => {
  it('loads a namespace for en and da', async () => {
    const en = await loadResource('en', 'translation');
    const da = await loadResource('da', 'translation');
    expect(flattenResource(en!)['errors.noData']).toBe('No data available');
    expect(flattenResource(da!)['errors.noData']).toBe('Ingen data tilgængelige');
  });

  // Every language has exactly English's keys: none missing (a user would see English) and none
  // left over (a key English dropped). New keys therefore arrive in all four languages at once.
  it.each(['da', 'sv', 'de'])('has the key set of en in every namespace for %s', async (language) => {
    for (const ns of listNamespaces()) {
      const en = Object.keys(flattenResource((await loadResource('en', ns))!)).sort();
      const other = Object.keys(flattenResource((await loadResource(language, ns))!)).sort();
      expect(other, `${language}/${ns}.json`).toEqual(en);
    }
  });

  it('has no empty text in any language', async () => {
    for (const language of ['en', 'da', 'sv', 'de']) {
      for (const ns of listNamespaces()) {
        const texts = flattenResource((await loadResource(language, ns))!);
        const empty = Object.keys(texts).filter((key) => texts[key]!.trim() === '');
        expect(empty, `${language}/${ns}.json`).toEqual([]);
      }
    }
  });

  it('refuses unknown languages and namespaces, including path tricks', async () => {
    expect(await loadResource('xx', 'translation')).toBeUndefined();
    expect(await loadResource('en', 'nope')).toBeUndefined();
    expect(await loadResource('en', '../en/translation')).toBeUndefined();
  });

  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(interpolate('{field} must be at least {count}', { field: 'Name', count: 3 })).toBe(
      'Name must be at least 3',
    );
    expect(interpolate('{missing} stays')).toBe('{missing} stays');
  });
});
