import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Debian's Chromium, as the e2e journeys use it; CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One response the home route loaded in the browser. */
export interface LoadedResource {
  url: string;
  /** What it is, from its Content-Type: script, html, css, json, font or other. */
  kind: string;
  /** Body bytes as Chromium received them (compressed when the server compressed them). */
  browserBodyBytes: number;
  /** The Accept-Encoding Chromium sent. */
  browserAcceptEncoding: string;
}

/**
 * Everything an anonymous first visit to `/` fetches until the page shows its title and log-in
 * button and the network has been idle for 500 ms: the entry script, its modulepreloaded chunks,
 * every lazy chunk the first render imports, styles, fonts, the configuration and translations.
 * Measured in a real browser rather than read from index.html, so a chunk the page loads only once
 * it runs is counted too.
 */
export async function loadHomeRoute(baseUrl: string): Promise<LoadedResource[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const loaded: Promise<LoadedResource>[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith(baseUrl)) return;
      loaded.push(
        (async () => {
          const [sizes, headers, response] = await Promise.all([
            request.sizes(),
            request.allHeaders(),
            request.response(),
          ]);
          return {
            url: request.url(),
            kind: kindOf((await response?.allHeaders())?.['content-type'] ?? ''),
            browserBodyBytes: sizes.responseBodySize,
            browserAcceptEncoding: headers['accept-encoding'] ?? '',
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-title').waitFor();
    await page.getByTestId('home-login').waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(loaded);
  } finally {
    await browser.close();
  }
}

function kindOf(contentType: string): string {
  if (/javascript/.test(contentType)) return 'script';
  if (/text\/html/.test(contentType)) return 'html';
  if (/text\/css/.test(contentType)) return 'css';
  if (/json/.test(contentType)) return 'json';
  if (/font/.test(contentType)) return 'font';
  return 'other';
}

/** The scripts' size after gzip (default level, as Vite reports it), read from the build. */
export function gzipKbOfScripts(distDir: string, baseUrl: string, loaded: LoadedResource[]) {
  return loaded
    .filter((resource) => resource.kind === 'script')
    .map((resource) => {
      const file = new URL(resource.url, baseUrl).pathname;
      const bytes = readFileSync(path.join(distDir, file.replace(/^\//, '')));
      return { file, kb: gzipSync(bytes).length / 1024 };
    });
}

/** The entry script and the chunks index.html modulepreloads: what the page fetches before running. */
export function scriptsNamedInIndexHtml(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    sources.add(match[1]!);
  return [...sources];
}

/** Body bytes of `url` as the server sends them (not decoded) to a client with this Accept-Encoding. */
export function servedBytes(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
