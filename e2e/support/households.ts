import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { JourneyPerson } from './accounts';
import { expectAccessible } from './accessibility';
import { waitForEmailLink } from './outbox';
import { signInOnProviderPage } from './sign-in';

/**
 * A new household on the plug-and-play client, as a person starts one: `who` registers on
 * `/registration` and confirms with the link from the e-mail (read from the server log); they own
 * the household once they sign in (`signInToDashboard`, or `passwordGrant` for the API). For
 * journeys that need an owner of their own (a demo household is shared by all journeys, and may
 * carry another journey's cards or watches); the plug-and-play journey tells this part of the
 * story step by step.
 */
export async function registerHouseholdOwner(
  page: Page,
  who: JourneyPerson,
  plugAndPlayUrl: string,
  serverLogFile: string,
): Promise<void> {
  await page.goto('/registration');
  await page.getByTestId('registration-form').waitFor();
  for (const field of ['userName', 'fullName', 'email', 'phoneNumber', 'password'] as const) {
    await page.getByTestId(`registration-${field}`).fill(who[field]);
  }
  await page.getByTestId('registration-confirmPassword').fill(who.password);
  await page.getByTestId('registration-acceptTerms').check();
  await expectAccessible(page, 'the registration form');
  await page.getByTestId('registration-submit').click();
  await page.getByTestId('registration-check-email').waitFor();

  const link = await waitForEmailLink(serverLogFile, who.email, /confirmationToken=/);
  // The server builds the link from the client the request came from, not the branded PUBLIC_URL.
  expect(new URL(link).origin).toBe(new URL(plugAndPlayUrl).origin);
  await page.goto(link);
  await page.getByTestId('registration-confirmed').waitFor();
  await expectAccessible(page, 'the confirmed registration');
}

/** Signs `who` in on the plug-and-play client from its dashboard, and waits for the household's watches. */
export async function signInToDashboard(
  page: Page,
  who: JourneyPerson,
  plugAndPlayUrl: string,
): Promise<void> {
  await page.goto('/dashboard');
  await signInOnProviderPage(page, who.userName, who.password);
  await page.waitForURL(`${plugAndPlayUrl}/dashboard`);
  await page.getByTestId('household-watches').waitFor();
}
