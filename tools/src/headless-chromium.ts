import { chromium, type Browser, type Page } from 'playwright-core';

/*
 * Chromium as the guide screenshots (tools) and the e2e journeys drive it: Debian's Chromium, never
 * a downloaded one, headless and quiet (no background traffic, updates or first-run pages).
 */

/** Debian's Chromium; nothing is downloaded. CHROMIUM_PATH overrides it. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches the headless Chromium with the common flags, then `extraArgs`. */
export function launchHeadlessChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Waits until the page is still: web fonts loaded and no finite animation or transition running
 * (a dialog fading in, a drawer sliding). Endless animations (a spinner) are not waited for.
 */
export async function waitForStillAnimations(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}
