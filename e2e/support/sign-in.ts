import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './accessibility';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Homeward!Demo1';

/** Fills the provider's sign-in page (server-rendered, not the SPA) once the browser is sent there. */
export async function signInOnProviderPage(page: Page, userName: string, password: string): Promise<void> {
  await page.waitForURL(/\/account\/interaction\//);
  await page.locator('input[name="identifier"]').waitFor();
  await expectAccessible(page, 'the sign-in page');
  await page.locator('input[name="identifier"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Signs out through the user menu and waits for the home page, which it checks with axe. */
export async function signOut(page: Page, baseUrl: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await expectAccessible(page, 'the user menu', '[role="menu"]');
  await page.getByTestId('sign-out').click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByTestId('sign-in').waitFor();
  await page.getByTestId('home-title').waitFor();
  await expectAccessible(page, 'the home page after signing out');
}

/** The access token the SPA keeps in local storage (`oidc.user:<authority>:<client_id>`). */
export function storedAccessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((candidate) => candidate.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
      : undefined;
  });
}

/**
 * After the owner has handed her household over: the access token her browser still holds is
 * refused, and her next visit to `/account` ends on the sign-in page.
 */
export async function expectSentToSignInAgain(page: Page, baseUrl: string): Promise<void> {
  const stale = await storedAccessToken(page);
  const refused = await fetch(`${baseUrl}/api/account/my-profile`, {
    headers: { authorization: `Bearer ${stale}` },
  });
  expect(refused.status).toBe(401);
  await page.goto('/account');
  await page.waitForURL(/\/account\/interaction\//);
}
