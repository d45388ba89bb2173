/*
 * `npm run guides:screenshots`: photographs the product for the guides (README "Guides"). It starts
 * the real server with the demo data (its own scratch data, map tiles from the local stub, never the
 * internet), signs in as the demo users in Chromium, takes each shot of `GUIDE_SHOTS` in English and
 * Danish, and writes them as WebP (at most 1000 px wide) to `apps/web/public/guides/<lng>/<name>.webp`,
 * then lists them in `apps/web/src/features/guides/guide-screenshots.ts`, which the guides read.
 * The web app must be built first (the npm script does that).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Citizen, CitizenList, GeofenceGeometry } from '@homeward/contracts';
import { DEMO_PASSWORD, demoAccessToken, osmandClient } from '@homeward/simulator';
import { launchHeadlessChromium, waitForStillAnimations } from '../headless-chromium';
import { REPO_ROOT, launchServer } from '../server-process';
import { startStubTileServer } from '../stub-tile-server';
import {
  GUIDE_SHOTS,
  SHOT_LANGUAGES,
  type GuideShot,
  type ShotLanguage,
  type ShotWorld,
} from './guide-shots';

const PUBLIC_DIR = path.join(REPO_ROOT, 'apps/web/public/guides');
const MANIFEST = path.join(REPO_ROOT, 'apps/web/src/features/guides/guide-screenshots.ts');
/** The window the screens are shown in: wide enough for the docked navigation. */
const VIEWPORT = { width: 1000, height: 680 };
const MAX_WIDTH = 1000;
const WEBP_QUALITY = 0.8;

const launchChromium = (): Promise<Browser> => launchHeadlessChromium();

/** A context whose requests stay on this machine (the server and the stub tiles). */
async function localContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.route('**/*', (route) => {
    const { protocol, hostname } = new URL(route.request().url());
    const local = protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(hostname);
    return local ? route.continue() : route.abort();
  });
  return context;
}

/** Demo Kommune's Inge, her watch and her circle, through the API as the caregiver. */
async function findWorld(baseUrl: string): Promise<ShotWorld> {
  const token = await demoAccessToken(baseUrl, 'caregiver');
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as T;
  };
  const list = await get<CitizenList>('/api/citizens?filter=Inge');
  const citizen = await get<Citizen>(`/api/citizens/${list.items[0]!.id}`);
  const watch = citizen.devices[0]!;
  const fence = citizen.geofences.find((each) => each.geometry.kind === 'circle')!.geometry as Extract<
    GeofenceGeometry,
    { kind: 'circle' }
  >;
  const home = fence.center;
  const client = osmandClient(`${baseUrl}/api/gateway/osmand`, watch.imei);
  const report = (sos: boolean) =>
    client.send({
      at: new Date(),
      lat: home.lat,
      lon: home.lon,
      accuracyMeters: 8,
      speedMps: 0,
      bearing: 0,
      batteryPercent: 76,
      charging: false,
      sos,
    });
  // A current position inside her fence, so her map shows the watch at home.
  await report(false);
  return { baseUrl, citizenId: citizen.id, watchImei: watch.imei, home, pressSos: () => report(true) };
}

/** Signs `user` in on the provider's page, starting from `path`. */
async function signIn(page: Page, user: string, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.waitForURL(/\/account\/interaction\//);
  await page.locator('input[name="identifier"]').fill(user);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Resolves once the page's realtime socket says `ready`; call it before the page opens the socket. */
function realtimeReady(page: Page): Promise<void> {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      }),
    ),
  );
}

/** Waits for fonts, images and any finite animation (a dialog fading in) to finish. */
async function waitUntilStill(page: Page): Promise<void> {
  await waitForStillAnimations(page);
  await page.waitForLoadState('networkidle');
}

/** The PNG of the shot: its parts' joined box, or the window. */
async function photograph(page: Page, shot: GuideShot): Promise<Buffer> {
  if (shot.hide?.length) {
    await page.addStyleTag({ content: `${shot.hide.join(', ')} { display: none !important; }` });
  }
  await waitUntilStill(page);
  if (!shot.parts?.length) return page.screenshot();
  const boxes = await Promise.all(shot.parts.map((selector) => page.locator(selector).first().boundingBox()));
  if (boxes.some((box) => !box)) throw new Error(`${shot.name}: a part is not on the screen`);
  const margin = 8;
  const left = Math.max(0, Math.min(...boxes.map((box) => box!.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((box) => box!.y)) - margin);
  const right = Math.max(...boxes.map((box) => box!.x + box!.width)) + margin;
  const bottom = Math.max(...boxes.map((box) => box!.y + box!.height)) + margin;
  return page.screenshot({
    fullPage: true,
    clip: { x: left, y: top, width: right - left, height: bottom - top },
  });
}

/**
 * PNG → WebP in Chromium's own encoder (a canvas on a blank page, outside the app's
 * Content-Security-Policy), scaled down to MAX_WIDTH. Returns the file's bytes and size.
 */
async function toWebp(
  converter: Page,
  png: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const result = await converter.evaluate(
    async ({ base64, maxWidth, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const scale = Math.min(1, maxWidth / image.naturalWidth);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      const url = canvas.toDataURL('image/webp', quality);
      return { data: url.slice(url.indexOf(',') + 1), width: canvas.width, height: canvas.height };
    },
    { base64: png.toString('base64'), maxWidth: MAX_WIDTH, quality: WEBP_QUALITY },
  );
  return { bytes: Buffer.from(result.data, 'base64'), width: result.width, height: result.height };
}

/** Opens the shot's screen in `language`, arranges it, and returns its picture as WebP. */
async function takeShot(
  page: Page,
  shot: GuideShot,
  world: ShotWorld,
  language: ShotLanguage,
  converter: Page,
) {
  await page.setViewportSize(shot.viewport ?? VIEWPORT);
  const realtime = shot.waitForRealtime ? realtimeReady(page) : undefined;
  // `lng` in the address chooses the language (and stores it, as the language menu does).
  await page.goto(`${shot.path(world)}?lng=${language}`);
  await page.waitForFunction((lng) => document.documentElement.lang === lng, language);
  await realtime;
  await shot.prepare?.(page, world, language);
  const webp = await toWebp(converter, await photograph(page, shot));
  await shot.cleanUp?.(page);
  return webp;
}

interface Captured {
  width: number;
  height: number;
  languages: ShotLanguage[];
}

/** The list the guides read: one line per screenshot, in the order of GUIDE_SHOTS, as prettier writes it. */
function writeManifest(captured: Map<string, Captured>): void {
  const lines = [...captured].map(
    ([name, shot]) =>
      `  ${/^[a-z]\w*$/i.test(name) ? name : `'${name}'`}: { width: ${shot.width}, height: ${shot.height}, languages: [${shot.languages
        .map((language) => `'${language}'`)
        .join(', ')}] },`,
  );
  writeFileSync(
    MANIFEST,
    [
      '// Written by `npm run guides:screenshots` (tools/src/guides/capture-guide-screenshots.ts); do not edit.',
      "import type { GuideLanguage, GuideScreenshotName } from './guide-types';",
      '',
      '/** A captured screenshot: its size in pixels and the languages it was taken in. */',
      'export interface CapturedScreenshot {',
      '  width: number;',
      '  height: number;',
      '  languages: readonly GuideLanguage[];',
      '}',
      '',
      '/** The screenshots under `apps/web/public/guides/<lng>/<name>.webp`; a guide shows only these. */',
      'export const CAPTURED_SCREENSHOTS: Partial<Record<GuideScreenshotName, CapturedScreenshot>> = {',
      ...lines,
      '};',
      '',
    ].join('\n'),
  );
}

/** Pictures of an earlier run that this one did not take (a shot removed or failing) are not shipped. */
function removeUncaptured(captured: Map<string, Captured>): void {
  for (const language of SHOT_LANGUAGES) {
    const folder = path.join(PUBLIC_DIR, language);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) {
      const name = file.replace(/\.webp$/, '');
      if (!captured.get(name)?.languages.includes(language)) rmSync(path.join(folder, file));
    }
  }
}

async function main(): Promise<void> {
  const tiles = await startStubTileServer();
  const server = await launchServer({ env: { MAP_TILE_URL: tiles.tileUrl, DEMO_DATA: 'true' } });
  const browser = await launchChromium();
  const captured = new Map<string, Captured>();
  let totalBytes = 0;
  const failures: string[] = [];
  try {
    const world = await findWorld(server.baseUrl);
    const converter = await (await browser.newContext()).newPage();
    const pages = new Map<string, Page>();
    for (const shot of GUIDE_SHOTS) {
      let page = pages.get(shot.user);
      if (!page) {
        page = await (await localContext(browser, server.baseUrl)).newPage();
        await signIn(page, shot.user, shot.path(world));
        pages.set(shot.user, page);
      }
      for (const language of SHOT_LANGUAGES) {
        try {
          // A second try: a screen can fail to start once on a busy machine (its configuration load).
          const webp = await takeShot(page, shot, world, language, converter).catch(() =>
            takeShot(page, shot, world, language, converter),
          );
          mkdirSync(path.join(PUBLIC_DIR, language), { recursive: true });
          writeFileSync(path.join(PUBLIC_DIR, language, `${shot.name}.webp`), webp.bytes);
          totalBytes += webp.bytes.length;
          const entry = captured.get(shot.name) ?? { width: webp.width, height: webp.height, languages: [] };
          // Both languages share one box in the page: the larger of their sizes, kept to its ratio.
          if (webp.height > entry.height) Object.assign(entry, { width: webp.width, height: webp.height });
          entry.languages.push(language);
          captured.set(shot.name, entry);
          console.log(
            `${language}/${shot.name}.webp  ${webp.width}×${webp.height}  ${(webp.bytes.length / 1024).toFixed(1)} KB`,
          );
        } catch (error) {
          // Left out: the guide shows its text alone. The screen as it was helps to see why.
          const debug = path.join(tmpdir(), `guide-shot-${language}-${shot.name}.png`);
          await page.screenshot({ path: debug }).catch(() => undefined);
          failures.push(
            `${language}/${shot.name}: ${(error as Error).message.split('\n')[0]} (screen: ${debug})`,
          );
        }
      }
    }
    writeManifest(captured);
    removeUncaptured(captured);
    console.log(`${captured.size} screenshots, ${(totalBytes / 1024).toFixed(0)} KB in all`);
    if (failures.length > 0) {
      console.error(`Not captured:\n${failures.join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
    await tiles.stop();
  }
}

await main();
