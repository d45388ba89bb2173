import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const MAC = 'A4:5E:60:C1:22:33';
const grid = (page: Page) => page.getByTestId('crud-grid');

/** Opens the create dialog and saves a network with this MAC spelling. */
async function createNetwork(page: Page, macAddress: string, ssid: string): Promise<void> {
  await page.getByTestId('crud-create').click();
  await page.getByTestId('crud-field-macAddress').fill(macAddress);
  await page.getByTestId('crud-field-ssid').fill(ssid);
  await page.getByTestId('crud-form-save').click();
}

/** Tries the taken MAC in another spelling and waits for the field error in the dialog. */
async function expectDuplicateRefused(page: Page, spelling: string, message: string, screenshot: string) {
  await createNetwork(page, spelling, 'Duplicate');
  const error = page.getByTestId('crud-form-dialog').getByText(message, { exact: true });
  await error.waitFor();
  // The save button leaves its busy state once the answer is handled; then the dialog is settled.
  await page.locator('[data-testid="crud-form-save"]:not([disabled])').waitFor();
  await error.scrollIntoViewIfNeeded();
  await saveScreenshot(page, screenshot);
  await expectAccessible(page, 'the Wi-Fi dialog with an error', '[data-testid="crud-form-dialog"]');
  await page.getByTestId('crud-form-cancel').click();
  await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
}

describe('wifi journey: kommune.admin manages Wi-Fi networks', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('signs in and sees Demo Kommune’s networks', async () => {
    const page = currentPage();
    await page.goto('/wifis');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/wifis`);
    await grid(page).getByText('3C:84:6A:12:9B:01', { exact: true }).waitFor();
    await expectAccessible(page, 'the Wi-Fi networks');
  });

  it('creates a network; the MAC is stored upper-case with colons', async () => {
    const page = currentPage();
    await createNetwork(page, 'a4-5e-60-c1-22-33', 'Journey-AP');
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await grid(page).getByText(MAC, { exact: true }).waitFor();
    await saveScreenshot(page, 'wifi-created');
  });

  it('refuses the same MAC in another spelling: "Mac address already exists"', async () => {
    await expectDuplicateRefused(
      currentPage(),
      'a45e.60c1.2233',
      'Mac address already exists',
      'wifi-duplicate-en',
    );
  });

  it('says it in Danish after switching language', async () => {
    const page = currentPage();
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-da').click();
    await page.getByTestId('crud-create').getByText('Opret', { exact: false }).waitFor();
    await expectAccessible(page, 'the Wi-Fi networks in Danish');
    await expectDuplicateRefused(page, 'a45e60c12233', 'MAC-adressen findes allerede', 'wifi-duplicate-da');
  });

  it('edits the trust level to trusted', async () => {
    const page = currentPage();
    await page.getByTestId(`crud-edit-${MAC}`).click();
    await page.getByTestId('crud-field-trustLevel').selectOption('trusted');
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await page.getByTestId(`wifi-trust-${MAC}`).getByText('Betroet', { exact: true }).waitFor();
    await page.getByTestId('wifi-filter-trust-level').selectOption('trusted');
    // The untrusted demo network leaves the list; the edited one stays.
    await grid(page).getByText('B0:BE:76:AA:01:C3', { exact: true }).waitFor({ state: 'detached' });
    expect(await grid(page).getByText(MAC, { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'wifi-trusted-filter-da');
  });

  it('deletes it', async () => {
    const page = currentPage();
    await page.getByTestId(`crud-delete-${MAC}`).click();
    await page.getByTestId('confirm-delete-ok').waitFor();
    await expectAccessible(page, 'the delete confirmation', '[data-testid="confirm-delete-dialog"]');
    await page.getByTestId('confirm-delete-ok').click();
    await page.getByTestId('confirm-delete-dialog').waitFor({ state: 'detached' });
    await grid(page).getByText(MAC, { exact: true }).waitFor({ state: 'detached' });
    await saveScreenshot(page, 'wifi-deleted');
  });
});
