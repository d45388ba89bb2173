import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { COMPRESSION_THRESHOLD_BYTES, varyOnAcceptEncoding } from './compression';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.post('/api/test/echo', { config: { permission: 'public' } }, async (request) => ({
    received: request.body,
  }));
});
afterAll(async () => {
  await t.close();
});

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

/** The body as the client reads it: decoded by the answer's own Content-Encoding. */
function decodedBody(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'] as keyof typeof DECODE | undefined;
  return (encoding ? DECODE[encoding](response.rawPayload) : response.rawPayload).toString();
}

// A JSON answer well above the threshold: every translation of the default namespace.
const JSON_URL = '/api/localization/en/translation';

describe('compressed API answers', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const)(
    'with Accept-Encoding %s, a JSON answer comes as %s and decodes to the same JSON',
    async (accept, encoding) => {
      const plain = await t.app.inject({ method: 'GET', url: JSON_URL });
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const response = await t.app.inject({
        method: 'GET',
        url: JSON_URL,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(DECODE[encoding](response.rawPayload).toString()).toBe(plain.body);
    },
  );

  it('answers plain to a client that accepts no encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: JSON_URL });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().errors).toBeDefined();
  });

  it('leaves answers below the threshold plain', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('keeps request bodies as sent: a gzip body is not inflated into a larger one', async () => {
    const json = JSON.stringify({ text: 'x'.repeat(10_000) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(json),
    });
    expect(response.statusCode).toBe(400);
    const plain = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: JSON.parse(json) });
    expect(plain.json()).toEqual({ received: JSON.parse(json) });
  });
});

describe('the sign-in provider under compression', () => {
  it('answers discovery, keys and token errors that decode to their JSON', async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    const discovery = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      headers: accept,
    });
    expect(discovery.statusCode).toBe(200);
    const document = JSON.parse(decodedBody(discovery)) as { issuer: string; jwks_uri: string };
    expect(document.issuer).toMatch(/\/connect$/);

    const keys = await t.app.inject({
      method: 'GET',
      url: new URL(document.jwks_uri).pathname,
      headers: accept,
    });
    expect(keys.statusCode).toBe(200);
    expect((JSON.parse(decodedBody(keys)) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);

    const token = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { ...accept, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=nope&client_id=nope',
    });
    expect(token.statusCode).toBeGreaterThanOrEqual(400);
    expect(token.statusCode).toBeLessThan(500);
    expect(JSON.parse(decodedBody(token))).toHaveProperty('error');
  });
});

describe('varyOnAcceptEncoding', () => {
  function headers(initial?: string) {
    const store = new Map<string, string>(initial === undefined ? [] : [['vary', initial]]);
    return {
      getHeader: (name: string) => store.get(name),
      setHeader: (name: string, value: string) => store.set(name, value),
      vary: () => store.get('vary'),
    };
  }

  it('adds Accept-Encoding once, keeping the fields already there', () => {
    const none = headers();
    varyOnAcceptEncoding(none);
    expect(none.vary()).toBe('Accept-Encoding');
    const origin = headers('Origin');
    varyOnAcceptEncoding(origin);
    varyOnAcceptEncoding(origin);
    expect(origin.vary()).toBe('Origin, Accept-Encoding');
    const already = headers('accept-encoding, Origin');
    varyOnAcceptEncoding(already);
    expect(already.vary()).toBe('accept-encoding, Origin');
    const everything = headers('*');
    varyOnAcceptEncoding(everything);
    expect(everything.vary()).toBe('*');
  });
});
