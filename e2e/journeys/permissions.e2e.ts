import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage, signOut, storedAccessToken } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const ROLE = `Device viewer ${suffix}`;
const viewer = {
  userName: `viewer.${suffix}`,
  email: `viewer.${suffix}@example.com`,
  password: 'Viewer-Password1!',
};

/**
 * The dashboard device table's first row of watches (not its header). Which watch comes first
 * depends on what other journeys registered before this one, so no name is assumed.
 */
const firstDeviceRow = (page: Page) =>
  page
    .getByTestId('devices-grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .first();

describe('permissions journey: a role without Devices.Create hides "add device", and the API refuses it', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('the tenant admin creates a role and grants it Dashboard and Devices, but not Devices.Create', async () => {
    const page = currentPage();
    await page.goto('/identity-management/roles');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/identity-management/roles`);
    await page.getByRole('grid').locator('[role="row"][data-id]').first().waitFor();
    await expectAccessible(page, 'the roles list');
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-field-name').fill(ROLE);
    await expectAccessible(page, 'the new role dialog', '[data-testid="crud-form-dialog"]');
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId(`role-permissions-${ROLE}`).click();
    await page.getByTestId('permission-grant-dialog').waitFor();
    await page.getByTestId('permission-Homeward.Dashboard').check();
    // Ticking a group ticks its actions; the admin then unticks the one this role must not have.
    await page.getByTestId('permission-Homeward.Devices').check();
    await page.getByTestId('permission-Homeward.Devices.Create').uncheck();
    expect(await page.getByTestId('permission-Homeward.Devices').isChecked()).toBe(true);
    expect(await page.getByTestId('permission-Homeward.Devices.Create').isChecked()).toBe(false);
    await expectAccessible(page, 'the permissions dialog', '[data-testid="permission-grant-dialog"]');
    await page.getByTestId('permission-grants-save').click();
    await page.getByTestId('permission-grant-dialog').waitFor({ state: 'detached' });
  });

  it('the tenant admin creates a user with that role', async () => {
    const page = currentPage();
    await page.goto('/identity-management/users');
    await page.getByRole('grid').getByText('kommune.admin', { exact: true }).waitFor();
    await expectAccessible(page, 'the users list');
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-field-userName').fill(viewer.userName);
    await page.getByTestId('crud-field-name').fill('Vera Viewer');
    await page.getByTestId('crud-field-email').fill(viewer.email);
    await page.getByTestId('crud-field-password').fill(viewer.password);
    await page.getByTestId(`crud-field-roleNames-${ROLE}`).check();
    await expectAccessible(page, 'the new user dialog', '[data-testid="crud-form-dialog"]');
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await page.getByText(viewer.email).waitFor();
  });

  it('the tenant admin, who holds Devices.Create, sees the "add device" button', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await page.getByTestId('add-device').waitFor();
    await firstDeviceRow(page).waitFor();
    await expectAccessible(page, 'the dashboard of the tenant admin');
  });

  it('the new user sees the dashboard without "add device", and the API answers 403', async () => {
    const page = currentPage();
    await signOut(page, baseUrl);
    await page.goto('/dashboard');
    await signInOnProviderPage(page, viewer.userName, viewer.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    // The device table has loaded (the tenant's watches show) before we look for the button.
    await firstDeviceRow(page).waitFor();
    expect(await page.getByTestId('add-device').count()).toBe(0);
    await expectAccessible(page, 'the dashboard of a device viewer');

    const token = await storedAccessToken(page);
    expect(token).toBeTruthy();
    const answer = await page.evaluate(async (accessToken) => {
      const response = await fetch('/api/devices', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Not allowed', imei: '490154203237518' }),
      });
      return { status: response.status, body: (await response.json()) as { error: { code: string } } };
    }, token);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
    await saveScreenshot(page, 'permissions-viewer-dashboard');
  });
});
