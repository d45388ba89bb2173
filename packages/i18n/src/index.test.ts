import { describe, expect, it } from 'vitest';
import { flattenResource, interpolate, listNamespaces, loadResource } from './index';

describe('translation resources', () => {
  it('loads a namespace for en and da', async () => {
    const en = await loadResource('en', 'translation');
    const da = await loadResource('da', 'translation');
    expect(flattenResource(en!)['errors.noData']).toBe('No data available');
    expect(flattenResource(da!)['errors.noData']).toBe('Ingen data tilgængelige');
  });

  it('has identical key sets in en and da for every namespace', async () => {
    for (const ns of listNamespaces()) {
      const en = Object.keys(flattenResource((await loadResource('en', ns))!)).sort();
      const da = Object.keys(flattenResource((await loadResource('da', ns))!)).sort();
      expect(da, `namespace ${ns}`).toEqual(en);
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
