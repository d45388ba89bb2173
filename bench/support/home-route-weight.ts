import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

/** Debian's Chromium, as the e2e journeys use it; CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How long the page is left alone after networkidle, so that a late fetch of its own is counted. */
const LATE_LOAD_WINDOW_MS = 3000;

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

/** Something a visitor does on the home page once it is interactive, and how to wait for its result. */
export interface Interaction {
  action: string;
  run(page: Page): Promise<void>;
}

/** The scripts one interaction fetched (paths, in the order they finished). */
export interface OnDemandLoad {
  action: string;
  scripts: string[];
}

/**
 * Everything an anonymous first visit to `/` fetches until the page shows its title and log-in
 * button, the network has been idle for 500 ms and 3 s more have passed (in which it stays idle or
 * its requests are counted too): the entry script, its modulepreloaded chunks, every lazy chunk the
 * first render imports, styles, fonts, the configuration and translations.
 * Measured in a real browser rather than read from index.html, so a chunk the page loads only once
 * it runs is counted too, even after it is interactive, as long as it loads it by itself. Then `interactions`
 * run one after another, and the scripts each of them fetched are reported apart (`onDemand`): what
 * the page leaves to the visitor's first use of a part of it.
 */
export async function loadHomeRoute(
  baseUrl: string,
  interactions: Interaction[] = [],
): Promise<{ initial: LoadedResource[]; onDemand: OnDemandLoad[] }> {
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
    let loaded: Promise<LoadedResource>[] = [];
    const network = trackRequestsInFlight(page);
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
    // Anything the page fetches later by itself (an idle-time prefetch, a timer) is part of the home
    // route all the same: give it time to show, then count it in.
    await page.waitForTimeout(LATE_LOAD_WINDOW_MS);
    await network.quiet();
    const initial = await Promise.all(loaded);

    const onDemand: OnDemandLoad[] = [];
    for (const interaction of interactions) {
      loaded = [];
      await interaction.run(page);
      // The page's own networkidle was reached long ago; wait for this interaction's requests.
      await network.quiet();
      const scripts = (await Promise.all(loaded)).filter((resource) => resource.kind === 'script');
      onDemand.push({
        action: interaction.action,
        scripts: scripts.map((script) => new URL(script.url).pathname),
      });
    }
    return { initial, onDemand };
  } finally {
    await browser.close();
  }
}

/** Waits, after an interaction, until no request has been in flight for 500 ms (as networkidle does). */
function trackRequestsInFlight(page: Page): { quiet(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet() {
      while (inFlight > 0 || Date.now() - lastChange < 500) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
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
      return { file, kb: gzipKbOfFile(distDir, file) };
    });
}

/** The gzip size of one built file, in KB, as Vite reports it. */
export function gzipKbOfFile(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file.replace(/^\//, '')))).length / 1024;
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
