import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { loadConfig } from '../config/config';
import {
  allowInlineScripts,
  contentSecurityPolicyDirectives,
  tileSource,
  withSecureFlag,
} from './security-headers';

/** A built web app of one page, so `/` and client routes answer as in production. */
function webDist(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'homeward-web-'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Homeward</title>');
  writeFileSync(
    path.join(folder, 'silent-renew.html'),
    '<!doctype html><script src="/silent-renew.js"></script>',
  );
  return folder;
}

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('security headers over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      webDistDir: webDist(),
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
  });
  afterAll(() => t?.close());

  // The pages a person opens, an API answer, an error, and the provider's own answer (not a Fastify reply).
  it.each([
    ['/'],
    ['/account/login'],
    ['/dashboard'],
    ['/api/health'],
    ['/api/devices'],
    ['/api/no-such-route'],
    ['/connect/.well-known/openid-configuration'],
    ['/.well-known/openid-configuration'],
  ])('GET %s carries the CSP, nosniff, a referrer policy and refuses framing', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    // The installable app: its service worker and manifest come from our origin only.
    expect(csp.get('worker-src')?.split(' ')).toContain("'self'");
    expect(csp.get('manifest-src')).toBe("'self'");
    expect(csp.get('img-src')).toContain('https://*.tiles.example.org');
    expect(csp.get('connect-src')).toContain('https://*.tiles.example.org');
    expect(csp.get('script-src')?.split(' ')).not.toContain("'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Not on plain http: a browser would pin https for a host that does not serve it.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('HEAD / answers the same headers (curl -sI)', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows exactly the provider's static inline scripts: the check-session frame's and the auto-submit", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/connect/check-session' });
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const sources = directives(page.headers['content-security-policy']).get('script-src')!.split(' ');
    expect(sources).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    // `document.forms[0].submit();` of the signing-out page (openssl dgst -sha256 -binary | base64).
    expect(sources).toContain("'sha256-8lDeP0UDwCO6/RhblgeH/ctdBzjVpJxrXizsnIk3cEQ='");
    expect(sources).not.toContain("'unsafe-inline'");
  });

  it('lets the sign-in origins frame the provider and the silent-renew page, nothing else', async () => {
    const origins = t.config.signInClients.flatMap((client) => client.origins);
    for (const url of ['/connect/check-session', '/connect/auth?client_id=branded', '/silent-renew.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      const ancestors = directives(response.headers['content-security-policy']).get('frame-ancestors');
      expect(ancestors?.split(' ')).toEqual(expect.arrayContaining(["'self'", ...origins]));
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://care.example.org' });
  });
  afterAll(() => t?.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('marks the cookies of our pages Secure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/account/forgot-password?lng=da' });
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers['set-cookie']].flat().filter(Boolean);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure$/);
  });

  it("marks the provider's own cookies Secure", async () => {
    const query = new URLSearchParams({
      client_id: 'branded',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${t.config.signInClients[0]!.origins[0]}/`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    const response = await t.app.inject({ method: 'GET', url: `/connect/auth?${query}` });
    expect(response.statusCode).toBe(303);
    const cookies = [response.headers['set-cookie']].flat().filter(Boolean) as string[];
    expect(cookies.some((cookie) => cookie.startsWith('_interaction'))).toBe(true);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toMatch(/; secure(;|$)/);
  });
});

describe('policy parts', () => {
  it('turns tile templates into CSP sources', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://127.0.0.1:8111/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8111');
    // A placeholder inside a label cannot be a CSP host: the scheme is the closest safe source.
    expect(tileSource('https://tile-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
  });

  it('allows registered static inline scripts by hash, and no other', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const scriptSource = () => {
      const value = contentSecurityPolicyDirectives(config)['script-src']!;
      return value
        .map((part) => (typeof part === 'function' ? part({} as never, {} as never) : part))
        .join(' ');
    };
    const before = scriptSource();
    allowInlineScripts('<p>x</p><script>window.homewardCspProbe = 1;</script>');
    // sha256 of the script's text (openssl dgst -sha256 -binary | base64), as a browser computes it.
    const hash = "'sha256-6lHqoJiLaPjU9uTYudpqXdBiWrzc1JRg0SI6u0ywRYs='";
    expect(before).not.toContain(hash);
    expect(scriptSource()).toContain(hash);
  });

  it('adds Secure to a cookie once', () => {
    expect(withSecureFlag('a=1; Path=/')).toBe('a=1; Path=/; Secure');
    expect(withSecureFlag('a=1; Secure; Path=/')).toBe('a=1; Secure; Path=/');
  });
});

describe('slow clients', () => {
  it('closes a connection whose request headers never finish (slowloris) with 408', async () => {
    const t = await buildTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
      // Never ends its headers: the server must give up on it (HTTP_HEADERS_TIMEOUT_MS), not hold it.
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await t.close();
    }
  });
});
