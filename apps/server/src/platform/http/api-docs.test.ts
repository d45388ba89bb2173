import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/localization/{lng}/{ns}', '/api/app/configuration']),
    );
    expect(Object.keys(document.paths)).not.toContain('/*');
    const health = document.paths['/api/health'].get.responses['200'].content['application/json'].schema;
    expect(health.properties.database.properties.status.enum).toEqual(['up', 'down', 'degraded']);
  });

  it('serves Swagger UI and its assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).not.toMatch(/<script>/);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("url: '/api/docs/json'");
    expect(init.body).toContain('validatorUrl: null');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const missing = await t.app.inject({ method: 'GET', url: '/api/docs/static/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});

describe('API documentation turned off (API_DOCS=false, the production default)', () => {
  it('serves neither the UI nor the document', async () => {
    const off = await buildTestApp({ apiDocs: false });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/json',
        '/api/docs/init.js',
        '/api/docs/static/swagger-ui.css',
      ]) {
        const response = await off.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      // The operations themselves are unchanged.
      expect((await off.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
