import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const TENANT = 'Aarhus Test';
const ADMIN_EMAIL = 'admin@aarhus-test.example';
const FIRST_TEXT = 'Velkommen til Aarhus';
const NEW_TEXT = 'Velkommen til Aarhus Test';

/** Opens the texts screen on the Danish text of the home page's title. */
async function editHomeTitle(page: Page, value: string): Promise<void> {
  await page.goto('/language-management/texts');
  await page.getByTestId('texts-filter-namespace').selectOption('translation');
  await page.getByTestId('texts-filter-target').selectOption('da');
  await page.getByTestId('texts-search').fill('home.title');
  await page.getByTestId('texts-edit-translation:home.title').waitFor();
  await expectAccessible(page, 'the language texts');
  await page.getByTestId('texts-edit-translation:home.title').click();
  await page.getByTestId('text-value-input').fill(value);
  await expectAccessible(page, 'the text dialog', '[data-testid="text-edit-dialog"]');
  await page.getByTestId('text-save').click();
  await page.getByTestId('text-edit-dialog').waitFor({ state: 'detached' });
}

describe('tenancy journey: a new tenant, the tenant filter, a Danish text, and its audit trail', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('the host admin creates tenant "Aarhus Test" with an admin user', async () => {
    const page = currentPage();
    await page.goto('/tenants');
    await signInOnProviderPage(page, 'admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/tenants`);
    await page.getByRole('grid').getByText('Demo Kommune', { exact: true }).waitFor();
    await expectAccessible(page, 'the tenants list');
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-field-name').fill(TENANT);
    await page.getByTestId('crud-field-adminEmail').fill(ADMIN_EMAIL);
    await page.getByTestId('crud-field-adminPassword').fill('Aarhus-Admin1!');
    await expectAccessible(page, 'the new tenant dialog', '[data-testid="crud-form-dialog"]');
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await page.getByRole('grid').getByText(TENANT, { exact: true }).waitFor();
  });

  it('switches the tenant filter to it, and then sees that tenant’s users', async () => {
    const page = currentPage();
    await page.getByTestId('tenant-filter').click();
    await page.getByRole('option', { name: TENANT, exact: true }).waitFor();
    await expectAccessible(page, 'the tenant filter', '[role="listbox"]');
    await page.getByRole('option', { name: TENANT, exact: true }).click();
    const stored = await page.evaluate(() => localStorage.getItem('tenantFilter'));
    expect(stored).toMatch(/^"?[0-9a-f-]{36}"?$/);
    await page.goto('/identity-management/users');
    await page.getByRole('grid').getByText(ADMIN_EMAIL).first().waitFor();
    // The host's own demo accounts are not in this tenant's scope.
    expect(await page.getByRole('grid').getByText('kommune.admin', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the users of the tenant the filter chose');
  });

  it('edits the Danish text of the home page title (and corrects it once)', async () => {
    const page = currentPage();
    await editHomeTitle(page, FIRST_TEXT);
    await editHomeTitle(page, NEW_TEXT);
  });

  it('sees the new text after switching to Dansk', async () => {
    const page = currentPage();
    await page.goto('/');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-da').click();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="home-title"]')?.textContent === text,
      NEW_TEXT,
    );
    await saveScreenshot(page, 'tenancy-home-da-override');
    await expectAccessible(page, 'the home page with its Danish text');
  });

  it('finds the text’s entity change, with its old and new value, in the audit log (All tenants)', async () => {
    const page = currentPage();
    await page.getByTestId('tenant-filter').click();
    await page.getByTestId('tenant-filter-option-all').click();
    // Audit entries are written in the background within a second or so: reload until it is there.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.goto('/audit-logs');
      await page.getByTestId('audit-log-filter-url').fill('language-management/texts');
      const open = page.locator('[data-testid^="audit-log-open-"]').first();
      if (await open.isVisible({ timeout: 3000 }).catch(() => false)) break;
    }
    await expectAccessible(page, 'the audit log');
    await page.locator('[data-testid^="audit-log-open-"]').first().click();
    const change = page.getByTestId('audit-log-detail').getByTestId('entity-change-value');
    await change.waitFor();
    await expectAccessible(page, 'the audit log entry', '[role="dialog"]');
    const text = (await change.textContent()) ?? '';
    expect(text).toContain(FIRST_TEXT);
    expect(text).toContain(NEW_TEXT);
    await saveScreenshot(page, 'tenancy-audit-text-change');
  });
});
