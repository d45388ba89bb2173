import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInCaller } from '../users/identity-test-callers';
import { localizationRoutes } from './localization.routes';
import { createTextOverrides, mergeOverrides } from './text-overrides';

let t: TestApp;
let headers: { authorization: string };
// The production app gets the overrides in app.ts; here the plugin is mounted under a prefix.
const URL = '/with-overrides/api/localization';

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.register(localizationRoutes, {
    prefix: '/with-overrides',
    overrides: createTextOverrides(t.database),
  });
  ({ headers } = await signedInCaller(t, {
    tenantId: null,
    permissions: ['Homeward.Languages', 'Homeward.Languages.ChangeTexts'],
  }));
});
afterAll(async () => {
  await t?.close();
});

const setText = (culture: string, ns: string, key: string, value: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/language-management/texts/${culture}/${ns}/${key}`,
    headers,
    payload: { value },
  });

describe('mergeOverrides', () => {
  it('writes dotted keys into nested objects, the override winning, without touching the input', () => {
    const file = { errors: { noData: 'No data' }, title: 'T' };
    const merged = mergeOverrides(
      file,
      new Map([
        ['errors.noData', 'Nothing'],
        ['errors.extra', 'E'],
      ]),
    );
    expect(merged).toEqual({ errors: { noData: 'Nothing', extra: 'E' }, title: 'T' });
    expect(file.errors.noData).toBe('No data');
  });

  it('ignores an override that would turn a text into an object or the reverse', () => {
    const merged = mergeOverrides(
      { title: 'T', errors: { a: 'A' } },
      new Map([
        ['title.sub', 'X'],
        ['errors', 'Y'],
      ]),
    );
    expect(merged).toEqual({ title: 'T', errors: { a: 'A' } });
  });
});

describe('GET /api/localization with database overrides', () => {
  it('serves an edited text at once, changes only that namespace ETag, and restores the file value', async () => {
    const before = await t.app.inject({ method: 'GET', url: `${URL}/da/translation` });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-cache');
    const fileValue = before.json().errors.noData;
    const otherBefore = await t.app.inject({ method: 'GET', url: `${URL}/da/auth` });
    const englishBefore = await t.app.inject({ method: 'GET', url: `${URL}/en/translation` });

    expect((await setText('da', 'translation', 'errors.noData', 'Intet at vise')).statusCode).toBe(200);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: `${URL}/da/translation`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().errors.noData).toBe('Intet at vise');
    expect(revalidated.headers.etag).not.toBe(before.headers.etag);
    // Other namespaces and languages keep their tags, so browsers keep their copies.
    for (const [url, etag] of [
      [`${URL}/da/auth`, otherBefore.headers.etag],
      [`${URL}/en/translation`, englishBefore.headers.etag],
    ] as const) {
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode).toBe(304);
    }
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `${URL}/da/translation`,
      headers: { 'if-none-match': String(revalidated.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);

    const restore = await t.app.inject({
      method: 'PUT',
      url: '/api/language-management/texts/da/translation/errors.noData/restore',
      headers,
    });
    expect(restore.statusCode).toBe(200);
    const restored = await t.app.inject({ method: 'GET', url: `${URL}/da/translation` });
    expect(restored.json().errors.noData).toBe(fileValue);
    expect(restored.headers.etag).not.toBe(revalidated.headers.etag);
  });

  it('serves a disabled language with its overrides', async () => {
    expect((await setText('sv', 'translation', 'errors.noData', 'Inga data')).statusCode).toBe(200);
    const sv = await t.app.inject({ method: 'GET', url: `${URL}/sv/translation` });
    expect(sv.statusCode).toBe(200);
    expect(sv.json().errors.noData).toBe('Inga data');
  });
});
