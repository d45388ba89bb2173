import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { sidewaysOverflow } from '../support/layout';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const plugAndPlayUrl = inject('plugAndPlayUrl');

/** What only the municipality product shows: its navigation entries and its staff-only fields. */
const MUNICIPALITY_TEXTS = [
  /organi[sz]ations?/i,
  /customers?/i,
  /invoices/i,
  /stella id/i,
  /\bdiag\b/i,
  /sale type/i,
];

/** Fails naming the first municipality text the page shows (any visible text, by role or not). */
async function expectNoMunicipalityTexts(page: Page): Promise<void> {
  for (const text of MUNICIPALITY_TEXTS) {
    await expect
      .poll(() => page.getByText(text).filter({ visible: true }).count(), { message: `shows ${text}` })
      .toBe(0);
    expect(await page.getByRole('link', { name: text }).count(), `a link ${text}`).toBe(0);
    expect(await page.getByRole('columnheader', { name: text }).count(), `a column ${text}`).toBe(0);
  }
}

describe('plug-and-play UI: a household owner signs in on the plug-and-play client and sees the simpler product', () => {
  const currentPage = journeyPage(plugAndPlayUrl, { beforeAll, afterAll });

  it('signs in as family.owner through the plug-and-play client', async () => {
    const page = currentPage();
    // The SPA on this origin is the plug-and-play deployment: its client id goes to the provider.
    const authorize = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname.startsWith('/connect/') && url.searchParams.has('client_id');
    });
    await page.goto('/dashboard');
    expect(new URL((await authorize).url()).searchParams.get('client_id')).toBe('plug-and-play');
    await signInOnProviderPage(page, 'family.owner', DEMO_PASSWORD);
    await page.waitForURL(`${plugAndPlayUrl}/dashboard`);
    await page.getByTestId('user-menu').waitFor();
  });

  it('shows the household dashboard with its own navigation and no municipality fields, at desktop width', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await page.getByTestId('household-watches').waitFor();
    await page.getByTestId('nav-dashboard').waitFor();
    for (const entry of [
      'dashboard',
      'citizens',
      'devices',
      'account',
      'billing',
      'guides',
      'help',
      'logout',
    ]) {
      expect(await page.getByTestId(`nav-${entry}`).count(), `nav entry ${entry}`).toBe(1);
    }
    for (const entry of [
      'organizations',
      'customers',
      'invoices',
      'tenants',
      'wifi',
      'simCards',
      'identityUsers',
    ]) {
      expect(await page.getByTestId(`nav-${entry}`).count(), `nav entry ${entry}`).toBe(0);
    }
    expect(await page.getByTestId('tenant-filter').count()).toBe(0);
    await expectNoMunicipalityTexts(page);
    await expectAccessible(page, 'the plug-and-play dashboard');
    await saveScreenshot(page, 'plug-and-play-dashboard-desktop');
  });

  it('is usable at 390 px: the navigation in a drawer, nothing wider than the screen', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByTestId('household-watches').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoMunicipalityTexts(page);
    await expectAccessible(page, 'the plug-and-play dashboard on a phone');
    await saveScreenshot(page, 'plug-and-play-dashboard-phone');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-nav').waitFor();
    await page.getByTestId('nav-citizens').waitFor();
    expect(await page.getByTestId('nav-organizations').count()).toBe(0);
    await expectNoMunicipalityTexts(page);
    await expectAccessible(page, 'the plug-and-play navigation on a phone');
    await saveScreenshot(page, 'plug-and-play-navigation-phone');
  });

  it('asks for no organization, customer or payer when creating a citizen', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/citizens');
    await page.getByTestId('crud-create').click();
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('citizen-field-organization').count()).toBe(0);
    expect(await page.getByTestId('citizen-field-customer').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /payer/i }).count()).toBe(0);
    await expectNoMunicipalityTexts(page);
    await expectAccessible(page, 'the plug-and-play citizen wizard');
    await saveScreenshot(page, 'plug-and-play-citizen-wizard');
  });
});
