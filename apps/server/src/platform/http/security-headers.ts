import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';

/**
 * Paths another page of ours may frame, from every sign-in origin: the provider's endpoints that the
 * SPA loads in a hidden frame (silent renewal and silent sign-out, the check-session iframe) and the
 * page the silent renewal lands on. Everything else, the sign-in pages first, refuses any framing.
 */
const FRAMEABLE_PATHS = [
  '/connect/auth',
  '/connect/check-session',
  '/connect/session/end',
  '/silent-renew.html',
];

function isFrameable(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0]!;
  return FRAMEABLE_PATHS.some((frameable) => path === frameable || path.startsWith(`${frameable}/`));
}

/**
 * sha256 sources of the static inline scripts our server-rendered pages carry (see
 * allowInlineScripts). Module-wide on purpose: the pages are fixed in the code, the same for every app.
 */
const inlineScriptHashes = new Set<string>();

/**
 * Registers the inline scripts of a static page so the Content-Security-Policy allows exactly them,
 * and returns the page unchanged. Call it where the page is defined (module level), never with text
 * that varies per request: the policy is sent before a handler runs.
 */
export function allowInlineScripts(html: string): string {
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    inlineScriptHashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  }
  return html;
}

/**
 * The CSP source of a tile URL template: its origin, with a `{s}`-style subdomain placeholder as a
 * wildcard (`https://{s}.tile.example.org/...` → `https://*.tile.example.org`). A template whose
 * host cannot be written as a source falls back to its scheme.
 */
export function tileSource(template: string): string {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return "'self'";
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  const wildcardOnlyFirst = /^(\*\.)?[^*]+$/.test(host);
  return wildcardOnlyFirst ? `${scheme}://${host}` : `${scheme}:`;
}

type Directive = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** The policy, in one place; exported for the unit test that reads it back. */
export function contentSecurityPolicyDirectives(config: Config): Record<string, Directive[]> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  // The SPA may run on another sign-in origin than the provider (plug-and-play on 127.0.0.1): it
  // calls the provider's token endpoint and frames its check-session page, and the provider's
  // forms and redirects go back to every client origin.
  const providerOrigin = new URL(config.publicUrl).origin;
  const clientOrigins = [...new Set(config.signInClients.flatMap((client) => client.origins))];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", () => [...inlineScriptHashes].join(' ')],
    // MUI (emotion) and Leaflet write styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', tileSource(config.mapTileUrl)],
    'font-src': ["'self'", 'data:'],
    // The map fetches a tile that failed to load again, to tell a refused key (401/403) from a
    // network failure ("Error: AuthFailure", spec §8).
    'connect-src': ["'self'", providerOrigin, tileSource(config.mapTileUrl)],
    'frame-src': ["'self'", providerOrigin],
    // The service worker (/sw.js, the installable app and Web Push) and the app's manifest.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'self'", ...clientOrigins],
    'frame-ancestors': [(req) => (isFrameable(req.url) ? ["'self'", ...clientOrigins].join(' ') : "'none'")],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Appends `Secure` to a Set-Cookie value that lacks it. */
export function withSecureFlag(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * Security headers on every answer, HTML page or API (helmet sets them on the raw response, so the
 * provider's own answers under `/connect`, which bypass Fastify's reply, carry them too):
 * a Content-Security-Policy that allows our origin, the map tiles (`MAP_TILE_URL`) and nothing
 * third-party; `frame-ancestors 'none'` (and X-Frame-Options DENY) except on the frameable sign-in
 * paths; `nosniff`; `Referrer-Policy: strict-origin-when-cross-origin` (tile servers such as
 * OpenStreetMap's ask for a referrer naming the site, never its paths). When PUBLIC_URL is https:
 * HSTS for a year, and every cookie we set carries `Secure`.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below per path; helmet's SAMEORIGIN would block the cross-origin check-session frame.
    xFrameOptions: false,
    // A sign-in popup (spec: popup sign-in) must keep its opener across the provider's origin.
    crossOriginOpenerPolicy: false,
    // Another sign-in origin of ours (127.0.0.1 beside localhost) loads the provider's resources.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isFrameable(request.raw.url)) reply.raw.setHeader('x-frame-options', 'DENY');
    if (https) secureEveryCookie(reply.raw);
  });
}

/**
 * Makes every Set-Cookie of this response `Secure`, whoever writes it: Fastify routes (their headers
 * reach `writeHead`) and the provider under `/connect` (its cookie library calls `setHeader`).
 */
function secureEveryCookie(res: ServerResponse): void {
  const secure = (value: number | string | readonly string[]) =>
    Array.isArray(value)
      ? value.map((cookie: string) => withSecureFlag(cookie))
      : typeof value === 'string'
        ? withSecureFlag(value)
        : value;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(name, name.toLowerCase() === 'set-cookie' ? secure(value) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((part) => typeof part === 'object' && part !== null) as
      Record<string, number | string | string[]> | undefined;
    if (headers && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === 'set-cookie') headers[name] = secure(headers[name]!) as string[];
      }
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
}
