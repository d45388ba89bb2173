import { describe, expect, it } from 'vitest';
import { SELECTABLE_LANGUAGES, SUPPORTED_LANGUAGES, THEME_MODES } from '@homeward/contracts';
import { APP_ROUTES, NAV_SECTIONS } from '../routing/routes';
import { LOADED_NAMESPACES } from './i18n';

interface Resource {
  [key: string]: string | Resource;
}

// Read at build time by Vite, so the check sees exactly the files the server serves.
const files = import.meta.glob<Resource>('../../../../../packages/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const resources: Record<string, Record<string, Resource>> = {};
for (const [file, resource] of Object.entries(files)) {
  const [lng, ns] = file.split('/').slice(-2) as [string, string];
  (resources[lng] ??= {})[ns.replace(/\.json$/, '')] = resource;
}

function flatten(resource: Resource, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(resource)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const namespaces = Object.keys(resources.en ?? {}).sort();
const english = (ns: string) => flatten(resources.en?.[ns] ?? {});

describe('translation resources', () => {
  it('has every namespace the app loads, plus the bundled bootstrap texts', () => {
    expect(namespaces).toEqual(expect.arrayContaining([...LOADED_NAMESPACES, 'bootstrap']));
  });

  it.each(namespaces)('has the same keys in en and da for %s', (ns) => {
    const da = flatten(resources.da?.[ns] ?? {});
    expect(Object.keys(da).sort()).toEqual(Object.keys(english(ns)).sort());
  });

  it.each(namespaces)('uses the same {placeholders} in every translation of %s', (ns) => {
    for (const lng of SUPPORTED_LANGUAGES) {
      for (const [key, text] of Object.entries(flatten(resources[lng]?.[ns] ?? {}))) {
        expect(placeholders(text), `${lng}/${ns}:${key}`).toEqual(placeholders(english(ns)[key] ?? ''));
      }
    }
  });

  it('has sv and de files for every namespace, with no keys en lacks', () => {
    for (const lng of ['sv', 'de']) {
      expect(Object.keys(resources[lng] ?? {}).sort(), lng).toEqual(namespaces);
      for (const ns of namespaces) {
        const unknown = Object.keys(flatten(resources[lng]?.[ns] ?? {})).filter(
          (key) => !(key in english(ns)),
        );
        expect(unknown, `${lng}/${ns}`).toEqual([]);
      }
    }
  });

  it('has a text for every key the shell builds from data', () => {
    const shellKeys = [
      ...APP_ROUTES.map((route) => route.titleKey),
      ...APP_ROUTES.flatMap((route) =>
        'nav' in route && 'labelKey' in route.nav ? [route.nav.labelKey] : [],
      ),
      ...NAV_SECTIONS.filter((section) => section !== 'support').map((section) => `nav.sections.${section}`),
      ...SELECTABLE_LANGUAGES.map((lng) => `languages.${lng}`),
      ...THEME_MODES.map((mode) => `theme.${mode}`),
    ];
    const missing = shellKeys.filter((key) => !(key in english('translation')));
    expect(missing).toEqual([]);
  });
});
