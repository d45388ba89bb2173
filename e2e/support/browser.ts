import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHeadlessChromium } from '@homeward/tools/headless-chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenPath, screensChecked } from './accessibility';
import { recordBrowserDiagnostics, type FinishedSuite } from './browser-diagnostics';

export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export async function launchBrowser(): Promise<Browser> {
  return launchHeadlessChromium(['--disable-quic']);
}

/**
 * What the browser refused under the server's Content-Security-Policy, in every context opened here:
 * a journey ends with none, so a policy that breaks a screen (a blocked script, tile or frame) fails
 * the journey that shows it.
 */
export const cspViolations: string[] = [];

/**
 * A fresh browser context whose requests may only reach this machine (the server under test and
 * the stub tile server on loopback): anything else (fonts from a CDN) is aborted, so a journey
 * never leaves the machine.
 */
export async function openContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  // No service worker: with request interception (the route below) Playwright does not see what a
  // worker fetches, and a page a newly installed worker claims can have its requests stall (the
  // citizens journey's search never reached the server after /sw.js was registered). Its caching and
  // push are tested by evaluating sw.js (features/push/service-worker.test.ts); no journey needs it.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
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
 * The app's screens a page shows (route patterns, `screenPath`), recorded on every navigation,
 * the SPA's own included. Not screens: the provider's server-rendered pages (`/account/...`,
 * `/connect/...`), and the sign-in and sign-out callback (an address with `state`), which the app
 * reduces to its bare path and leaves at once for the screen the user was on.
 */
function recordScreens(page: Page, baseUrl: string): Set<string> {
  const origin = new URL(baseUrl).origin;
  const screens = new Set<string>();
  let callbackPath: string | undefined;
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !frame.url().startsWith(origin)) return;
    const url = new URL(frame.url());
    const path = screenPath(frame.url());
    const reducedCallback = path === callbackPath;
    callbackPath = /[?&#]state=/.test(`${url.search}${url.hash}`) ? path : undefined;
    if (callbackPath || reducedCallback || /^\/(account|connect)\//.test(path)) return;
    screens.add(path);
  });
  return screens;
}

/**
 * One browser, context and page for a journey file: launched before its first step, closed after
 * its last. Steps read the page through the getter, since it exists only once `beforeAll` ran.
 * After the last step the journey fails if the browser refused something under the
 * Content-Security-Policy, or if it showed a screen it never ran `expectAccessible` on.
 */
export function journeyPage(
  baseUrl: string,
  hooks: {
    beforeAll(fn: () => Promise<void>): void;
    afterAll(fn: (context: object, suite?: FinishedSuite) => Promise<void>): void;
  },
) {
  let browser: Browser | undefined;
  let page: Page | undefined;
  let visited = new Set<string>();
  let diagnostics: ReturnType<typeof recordBrowserDiagnostics> | undefined;
  hooks.beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await openContext(browser, baseUrl)).newPage();
    visited = recordScreens(page, baseUrl);
    diagnostics = recordBrowserDiagnostics(page);
  });
  // Vitest hands an afterAll its fixtures first (read by destructuring, so `{}`), then the suite.
  // eslint-disable-next-line no-empty-pattern
  hooks.afterAll(async ({}, suite) => {
    diagnostics?.report(suite);
    const checked = page ? screensChecked(page) : new Set<string>();
    const unchecked = [...visited].filter((screen) => !checked.has(screen));
    await browser?.close();
    const refused = cspViolations.splice(0);
    const failures = [
      ...(refused.length > 0 ? [`Content-Security-Policy violations:\n${refused.join('\n')}`] : []),
      ...(unchecked.length > 0
        ? [`Screens shown without an accessibility check (expectAccessible): ${unchecked.join(', ')}`]
        : []),
    ];
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
  return () => {
    if (!page) throw new Error('the journey page is opened in beforeAll');
    return page;
  };
}
