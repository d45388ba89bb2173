import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NATIONAL_LOGIN_CALLBACK_PATH } from '@homeward/contracts';
import { demoAccessToken } from '@homeward/simulator';
import { startTestBroker, TEST_BROKER_IDENTITY_CLAIM, type TestBroker } from '@homeward/tools/test-broker';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage, signOut } from '../support/sign-in';

const baseUrl = inject('baseUrl');

/**
 * Spec §5/§7 national-ID users: a municipality signs its staff in through a national eID broker.
 * A second OpenID Connect provider started here plays the broker (its development login takes any
 * login name as the person's id). The tenant is new, so no other journey sees its sign-in button.
 */
describe('national ID journey: a broker per tenant, a national-ID user, sign-in through the broker', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  const suffix = randomBytes(3).toString('hex');
  const tenantName = `Nordby Kommune ${suffix}`;
  const adminEmail = `admin.${suffix}@nordby.example`;
  const personId = `nordby-person-${suffix}`;
  let broker: TestBroker;

  beforeAll(async () => {
    broker = await startTestBroker({ redirectUri: `${baseUrl}${NATIONAL_LOGIN_CALLBACK_PATH}` });
    // The host creates the municipality with national login (and the CVR it requires).
    const token = await demoAccessToken(baseUrl, 'admin');
    const created = await fetch(`${baseUrl}/api/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: tenantName,
        nationalLogin: true,
        cvr: '29189919',
        adminEmail,
        adminPassword: DEMO_PASSWORD,
      }),
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await broker?.stop();
  });

  /** Goes to the provider's sign-in page (as a protected screen does) and checks it. */
  async function openProviderSignIn(page: Page) {
    await page.goto('/dashboard');
    await page.waitForURL(/\/account\/interaction\//);
    await page.locator('input[name="identifier"]').waitFor();
  }

  /** The broker's development login: any password; then its consent page. */
  async function signInAtBroker(page: Page, login: string) {
    await page.waitForURL(new RegExp(`^${broker.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('the host sets the municipality’s broker in the tenants screen, with the redirect URI to register', async () => {
    const page = currentPage();
    await page.goto('/tenants');
    await signInOnProviderPage(page, 'admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/tenants`);
    await page.getByRole('textbox', { name: 'Search' }).fill(tenantName);
    await page.getByTestId(`tenant-broker-${tenantName}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel("Issuer (the broker's address)").fill(broker.issuer);
    await dialog.getByLabel('Client ID').fill(broker.clientId);
    await dialog.getByLabel('Client secret').fill(broker.clientSecret);
    await dialog.getByLabel("Claim with the person's ID").fill(TEST_BROKER_IDENTITY_CLAIM);
    expect(await dialog.getByLabel('Redirect URI to register at the broker').inputValue()).toBe(
      `${baseUrl}${NATIONAL_LOGIN_CALLBACK_PATH}`,
    );
    await expectAccessible(page, 'the national ID broker dialog', '[role="dialog"]');
    await saveScreenshot(page, 'national-login-1-broker-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('notification').filter({ hasText: 'The national ID broker was saved.' }).waitFor();
    await expectAccessible(page, 'the tenants screen');
    await signOut(page, baseUrl);
  });

  it('the municipality’s administrator creates a national-ID user bound to a person’s ID', async () => {
    const page = currentPage();
    await page.goto('/identity-management/users');
    await signInOnProviderPage(page, adminEmail, DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/identity-management/users`);
    await page.getByRole('button', { name: 'New national ID user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User name').fill(`karen.${suffix}`);
    await dialog.getByLabel('Name', { exact: true }).fill('Karen Nordby');
    await dialog.getByLabel('E-mail').fill(`karen.${suffix}@nordby.example`);
    await dialog.getByLabel('National ID').fill(personId);
    await expectAccessible(page, 'the new national ID user dialog', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('notification').filter({ hasText: 'The national ID user was created.' }).waitFor();
    await page.getByRole('gridcell', { name: `karen.${suffix}`, exact: true }).waitFor();
    await expectAccessible(page, 'the users screen');
    await signOut(page, baseUrl);
  });

  it('the national-ID user signs in through the broker and lands on the dashboard', async () => {
    const page = currentPage();
    await openProviderSignIn(page);
    await page.getByRole('link', { name: `Sign in with national ID (${tenantName})` }).click();
    await signInAtBroker(page, personId);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByTestId('user-menu').filter({ hasText: 'Karen Nordby' }).waitFor();
    await expectAccessible(page, 'the national-ID user’s dashboard');
    await saveScreenshot(page, 'national-login-2-signed-in');
    await signOut(page, baseUrl);
  });

  it('refuses an identity no user is bound to, saying why on the sign-in page', async () => {
    const page = currentPage();
    await openProviderSignIn(page);
    await page.getByRole('link', { name: `Sign in with national ID (${tenantName})` }).click();
    await signInAtBroker(page, `stranger-${suffix}`);
    await page.waitForURL(/\/account\/interaction\/[^/]+\/national-login\/complete/);
    await page.getByRole('alert').filter({ hasText: 'No user is bound to this national ID.' }).waitFor();
    await expectAccessible(page, 'the refused national ID sign-in');
    await saveScreenshot(page, 'national-login-3-refused');
  });
});
