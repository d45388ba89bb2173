import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; nothing is downloaded. CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A fresh browser context whose requests may only reach this machine (the server under test and
 * the stub tile server on loopback): anything else (fonts from a CDN) is aborted, so a journey
 * never leaves the machine.
 */
export async function openContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const origin = new URL(baseUrl).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    const local = url.startsWith(origin) || url.startsWith('data:') || isLoopback(url);
    return local ? route.continue() : route.abort();
  });
  return context;
}

function isLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (
      (protocol === 'http:' || protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
    );
  } catch {
    return false;
  }
}

/** Saves a full-page screenshot under e2e/artifacts/ and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * One browser, context and page for a journey file: launched before its first step, closed after
 * its last. Steps read the page through the getter, since it exists only once `beforeAll` ran.
 */
export function journeyPage(
  baseUrl: string,
  hooks: { beforeAll(fn: () => Promise<void>): void; afterAll(fn: () => Promise<void>): void },
) {
  let browser: Browser | undefined;
  let page: Page | undefined;
  hooks.beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await openContext(browser, baseUrl)).newPage();
  });
  hooks.afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!page) throw new Error('the journey page is opened in beforeAll');
    return page;
  };
}
