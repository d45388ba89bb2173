import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { sidewaysOverflow } from '../support/layout';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');

/** The titles of the guides the list shows now. */
function listedTitles(page: Page): Promise<string[]> {
  return page.getByTestId('guide-list').getByRole('heading', { level: 2 }).allTextContents();
}

/** Whether the guide's screenshot `name` is shown and has really loaded (no broken image). */
async function screenshotLoaded(page: Page, name: string) {
  const image = page.getByTestId(`guide-screenshot-${name}`).locator('img');
  await image.waitFor();
  await page.waitForFunction(
    (element) => element instanceof HTMLImageElement && element.complete,
    await image.elementHandle(),
  );
  return image.evaluate((element) => ({
    width: (element as HTMLImageElement).naturalWidth,
    src: (element as HTMLImageElement).getAttribute('src'),
    alt: (element as HTMLImageElement).alt,
  }));
}

describe('guides journey: an anonymous visitor finds, searches and reads the guides, in Danish and on a phone', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('opens the guides from Help without signing in', async () => {
    const page = currentPage();
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    await expectAccessible(page, 'the home page');
    await page.getByTestId('nav-help').click();
    await page.waitForURL(`${baseUrl}/guides#help`);
    await page.getByTestId('guide-list').waitFor();
    expect(await listedTitles(page)).toEqual([
      'Connect a watch',
      'Draw a geofence',
      'What each alarm means and what to do',
      'Charging and wearing the watch',
      'Inviting family',
      'Privacy',
    ]);
    expect(await page.getByTestId('guides-contact').getAttribute('href')).toBe('/contact');
    expect(await page.getByTestId('sign-in').isVisible()).toBe(true);
    await saveScreenshot(page, 'guides-index');
    await expectAccessible(page, 'the guides');
  });

  it('searches the guides by their text, and says when no guide matches', async () => {
    const page = currentPage();
    const search = page.getByLabel('Search the guides');
    await search.fill('charging');
    await page.getByTestId('guides-count').getByText('1 guide', { exact: true }).waitFor();
    expect(await listedTitles(page)).toEqual(['Charging and wearing the watch']);
    expect(page.url()).toBe(`${baseUrl}/guides?q=charging`);

    await search.fill('parachute');
    await page.getByTestId('guides-no-match').getByText('No guide matches “parachute”').waitFor();
    expect(await page.getByTestId('guide-list').count()).toBe(0);
    await saveScreenshot(page, 'guides-no-match');
    await expectAccessible(page, 'the guides with no match');

    await search.fill('geofence');
    await page.getByTestId('guide-link-draw-a-geofence').waitFor();
  });

  it('opens a guide with its screenshots of the product', async () => {
    const page = currentPage();
    await page.getByTestId('guide-link-draw-a-geofence').click();
    await page.waitForURL(`${baseUrl}/guides/draw-a-geofence`);
    await page.getByRole('heading', { level: 1, name: 'Draw a geofence' }).waitFor();
    const drawing = await screenshotLoaded(page, 'draw-geofence');
    expect(drawing.width).toBeGreaterThan(0);
    expect(drawing.src).toBe('/guides/en/draw-geofence.webp');
    expect(drawing.alt).toMatch(/circle drawn on the map/);
    await saveScreenshot(page, 'guides-draw-a-geofence');
    await expectAccessible(page, 'a guide');

    // Back to the list: the search is still there.
    await page.getByTestId('guides-back').click();
    await page.getByTestId('guide-link-draw-a-geofence').waitFor();
  });

  it('shows the guides in Danish after switching language, with Danish screenshots and alt texts', async () => {
    const page = currentPage();
    await page.goto('/guides/alarms');
    await page.getByTestId('guide-alarms').waitFor();
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-da').click();
    await page.waitForFunction(() => document.documentElement.lang === 'da');
    await page
      .getByRole('heading', { level: 1, name: 'Hvad alarmerne betyder, og hvad du skal gøre' })
      .waitFor();
    expect(await page.getByTestId('guide-alarms').getAttribute('lang')).toBe('da');
    const alarms = await screenshotLoaded(page, 'dashboard-alarms');
    expect(alarms.src).toBe('/guides/da/dashboard-alarms.webp');
    expect(alarms.alt).toMatch(/Overblikket med en åben SOS-alarm/);
    for (const kind of ['SOS', 'Fald', 'Ur taget af', 'Uden for geofence', 'Lavt batteri', 'Offline']) {
      await page.locator('dt', { hasText: kind }).first().waitFor();
    }
    await saveScreenshot(page, 'guides-alarms-da');
    await expectAccessible(page, 'a guide in Danish');

    await page.getByTestId('guides-back').click();
    await page.getByLabel('Søg i vejledningerne').fill('oplad');
    // Waited for, not read at once: the list follows the search box on the next render.
    await page.waitForURL(`${baseUrl}/guides?q=oplad`);
    await page
      .getByTestId('guide-list')
      .getByRole('heading', { level: 2 })
      .first()
      .getByText('Opladning og brug af uret', { exact: true })
      .waitFor();
  });

  it('shows a guide that does not exist as such', async () => {
    const page = currentPage();
    await page.goto('/guides/no-such-guide');
    await page.getByTestId('guide-not-found').getByText('Denne vejledning findes ikke').waitFor();
    await expectAccessible(page, 'a guide that does not exist');
  });

  it('fits a phone 390 px wide: nothing scrolls sideways', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of [
        '/guides',
        '/guides/connect-a-watch',
        '/guides/draw-a-geofence',
        '/guides/privacy',
      ]) {
        await page.goto(path);
        await page.getByTestId(path === '/guides' ? 'guide-list' : `guide-${path.split('/')[2]}`).waitFor();
        expect(await sidewaysOverflow(page), path).toBe(0);
        await expectAccessible(page, `${path} on a phone`);
      }
      await screenshotLoaded(page, 'account');
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreenshot(page, 'guides-privacy-phone');
      await page.goto('/guides?q=ur');
      await page.getByTestId('guide-list').waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreenshot(page, 'guides-index-phone');
      await expectAccessible(page, 'the guides on a phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('gives a signed-in user the Docs entry to the same guides', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await signInOnProviderPage(page, 'caregiver', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByTestId('screen-title').waitFor();
    await expectAccessible(page, "the caregiver's dashboard");
    await page.getByTestId('nav-guides').click();
    await page.waitForURL(`${baseUrl}/guides`);
    await page.getByTestId('guide-link-connect-a-watch').waitFor();
    await expectAccessible(page, 'the guides, signed in');
  });
});
