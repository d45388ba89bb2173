import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("push", () => undefined);');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Homeward"}');
  // As the build leaves them (apps/web/build/precompress.ts): a brotli and a gzip copy beside each file.
  for (const file of ['index.html', 'assets/index-abc123.js']) {
    const bytes = readFileSync(path.join(distDir, file));
    writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(bytes));
  }
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

  it('serves the service worker and the manifest revalidated every time, so an update is seen at once', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
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

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compressed copies of the build', () => {
  const files = [
    { url: '/assets/index-abc123.js', body: ASSET_JS, type: 'text/javascript; charset=utf-8' },
    { url: '/', body: INDEX_HTML, type: 'text/html; charset=utf-8' },
    { url: '/organizaitons', body: INDEX_HTML, type: 'text/html; charset=utf-8' },
  ];

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
  ] as const)(
    'with Accept-Encoding %s, sends the %s copy, which decodes to the file',
    async (accept, encoding) => {
      for (const { url, body, type } of files) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers['content-type'], url).toBe(type);
        expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
        expect(DECODE[encoding](response.rawPayload).toString(), url).toBe(body);
      }
    },
  );

  it('sends the plain file to a client that accepts no encoding, still varying on it', async () => {
    for (const { url, body } of files) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
      expect(response.body, url).toBe(body);
    }
  });

  it('sends the copy made at build time as it is, spending no CPU per request', async () => {
    for (const [encoding, extension] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
      const copy = readFileSync(path.join(distDir, `assets/index-abc123.js.${extension}`));
      expect(response.headers['content-length']).toBe(String(copy.length));
      expect(response.rawPayload.equals(copy)).toBe(true);
    }
  });

  it('keeps the caching of the file it stands for', async () => {
    const accept = { 'accept-encoding': 'br' };
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: accept });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/', headers: accept });
    expect(page.headers['cache-control']).toBe('no-cache');
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
