import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { WEB_NOT_BUILT_MESSAGE } from './web-app';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const ASSET_JS = 'console.log("homeward");';

let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'homeward-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), ASSET_JS);
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets as immutable, and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(ASSET_JS);
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 for a file whose ETag the browser already has', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('returns index.html for client routes', async () => {
    for (const url of [
      '/organizaitons',
      '/identity-management/users',
      '/language-management/texts?x=1',
      '/nope/deep',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('never leaves the dist folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('"name"');
      expect(response.body).not.toContain('root:');
    }
  });

  it('answers unknown server paths with the JSON 404, never HTML', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/connect/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/organizaitons'],
      ['GET', '/assets/missing-123.js'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

describe('without a build', () => {
  it('explains how to build instead of crashing, and the API keeps working', async () => {
    const bare = await buildTestApp({ webDistDir: path.join(distDir, 'missing') });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/organizaitons' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe(WEB_NOT_BUILT_MESSAGE);
      expect(page.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await bare.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
