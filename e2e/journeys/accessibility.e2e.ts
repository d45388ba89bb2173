import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeViolations, expectAccessible, findAccessibilityViolations } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { cutOffInGrid, sidewaysOverflow } from '../support/layout';
import { DEMO_PASSWORD, signInOnProviderPage, signOut } from '../support/sign-in';
import { switchLanguage } from '../support/language';

const baseUrl = inject('baseUrl');

/** A page breaking two rules the app once broke: a link straight in a list, a name hiding its text. */
const BROKEN_PAGE = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>Broken</h1>
  <ul><a href="/somewhere">Not a list item</a></ul>
  <button aria-label="Close the window">EN</button>
</main></body></html>`;

/** The app's own screens the side navigation offers the signed-in user. */
async function navigationScreens(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation').locator('a[href^="/"]');
  await links.first().waitFor();
  const paths = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  return [...new Set(paths)];
}

/** Opens a screen and waits until it has its heading and nothing is loading any more. */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
}

describe('accessibility journey: every screen of the navigation passes axe; tables and the citizen page fit', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  const checkedAsTenantAdmin: string[] = [];

  it('the axe check fails with a readable list of what is wrong', async () => {
    const page = currentPage();
    await page.setContent(BROKEN_PAGE);
    const violations = await findAccessibilityViolations(page);
    expect(violations.map((violation) => violation.rule).sort()).toEqual([
      'label-content-name-mismatch',
      'list',
    ]);
    const report = describeViolations(violations);
    expect(report).toContain('- list (serious): <ul> and <ol> must only directly contain <li>');
    expect(report).toMatch(/^ {4}ul$/m);
    await expect(expectAccessible(page, 'a broken page')).rejects.toThrow(
      /2 serious or critical accessibility violation\(s\) on a broken page/,
    );
  });

  it('kommune.admin: every screen the navigation offers has no serious or critical violation', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/dashboard`);
    const screens = await navigationScreens(page);
    expect(screens.length).toBeGreaterThan(20);
    for (const path of screens) {
      await openScreen(page, path);
      await expectAccessible(page, path);
      checkedAsTenantAdmin.push(path);
    }
  }, 300_000);

  it('the alarms table and the geofence list show every column whole, in English and in Danish', async () => {
    const page = currentPage();
    for (const language of ['en', 'da'] as const) {
      await page.goto('/dashboard');
      await switchLanguage(page, language);
      await page.getByTestId('alarms-grid').locator('[role="row"][data-id]').first().waitFor();
      // Names may be cut with an ellipsis; kinds, states, times and the actions may not.
      expect(await cutOffInGrid(page, 'alarms-grid', ['citizenName', 'deviceName'])).toEqual([]);
      await saveScreenshot(page, `accessibility-alarms-${language}`);

      await page
        .getByRole('navigation')
        .getByRole('link', { name: /^Geofences$/ })
        .click();
      await page.getByTestId('crud-grid').locator('[role="row"][data-id]').first().waitFor();
      expect(await cutOffInGrid(page, 'crud-grid')).toEqual([]);
      await saveScreenshot(page, `accessibility-geofences-${language}`);
    }
    await switchLanguage(page, 'en');
  });

  it('the citizen page fits a 390 px phone without scrolling sideways', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/citizens');
      await page.getByRole('grid').getByRole('link').first().click();
      // The overview first (map, alarms, route, receivers), then the Edit view with its forms.
      await page.locator('[data-testid="citizen-map"][data-state="loaded"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      expect(await sidewaysOverflow(page), 'the citizen overview').toBe(0);
      await expectAccessible(page, 'the citizen overview on a phone');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByTestId('citizen-devices-available').locator('li').first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      expect(await sidewaysOverflow(page), 'the citizen Edit view').toBe(0);
      await saveScreenshot(page, 'accessibility-citizen-phone');
      await expectAccessible(page, 'the citizen page on a phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('the back-office screens fit a 390 px phone: SIM cards, device administration, invoices, reports', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, name] of [
        ['/simcards', 'SIM cards'],
        ['/device-administration', 'Device administration'],
        ['/invoices', 'Invoices'],
        ['/reports', 'Reports'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
        expect(await sidewaysOverflow(page), path).toBe(0);
      }
      // One watch's administration page: its forms, history and chart stack on a phone.
      await page.goto('/device-administration');
      await page.getByRole('grid').getByRole('link').first().click();
      await page.getByRole('region', { name: 'History', exact: true }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      expect(await sidewaysOverflow(page), 'a watch’s administration page').toBe(0);
      await saveScreenshot(page, 'accessibility-device-administration-phone');
      await expectAccessible(page, 'a watch’s administration page on a phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('the host admin: the screens only the host sees pass axe as well', async () => {
    const page = currentPage();
    await signOut(page, baseUrl);
    await page.goto('/tenants');
    await signInOnProviderPage(page, 'admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/tenants`);
    const hostOnly = (await navigationScreens(page)).filter((path) => !checkedAsTenantAdmin.includes(path));
    expect(hostOnly).toEqual(expect.arrayContaining(['/tenants']));
    for (const path of hostOnly) {
      await openScreen(page, path);
      await expectAccessible(page, path);
    }
  }, 300_000);
});
