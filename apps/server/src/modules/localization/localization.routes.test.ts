import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/localization/:lng/:ns', () => {
  it('serves English and Danish texts with cache headers', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/localization/en/translation' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(en.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(en.json().errors.noData).toBe('No data available');

    const da = await t.app.inject({ method: 'GET', url: '/api/localization/da/translation' });
    expect(da.statusCode).toBe(200);
    expect(da.json().errors.noData).toBe('Ingen data tilgængelige');
    expect(da.headers.etag).not.toBe(en.headers.etag);
  });

  it('answers 304 when the ETag is current, and 200 when it is not', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/localization/en/translation' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/localization/en/translation',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/localization/en/translation',
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('serves partial languages, and refuses unknown languages and namespaces with a JSON 404', async () => {
    const sv = await t.app.inject({ method: 'GET', url: '/api/localization/sv/translation' });
    expect(sv.statusCode).toBe(200);
    for (const url of ['/api/localization/xx/translation', '/api/localization/en/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});
