import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInOnProviderPage, signOut } from '../support/sign-in';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { waitForEmailLink } from '../support/outbox';

const baseUrl = inject('baseUrl');
const serverLogFile = inject('serverLogFile');

const suffix = randomBytes(3).toString('hex');
const person = {
  userName: `anna.${suffix}`,
  fullName: 'Anna Jensen',
  email: `anna.${suffix}@example.com`,
  phoneNumber: '12345678',
  password: 'Journey-Password1!',
};

describe('sign-in journey: register, confirm by e-mail, sign in, stay signed in, sign out', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('shows every problem of the form at once, each tied to its field', async () => {
    const page = currentPage();
    await page.goto('/registration');
    await page.getByTestId('registration-form').waitFor();
    await expectAccessible(page, 'the registration form');
    await page.getByTestId('registration-password').fill('short');
    await page.getByTestId('registration-submit').click();
    // The unticked terms box is marked invalid and described by its error.
    const terms = page.locator('[data-testid="registration-acceptTerms"][aria-invalid="true"]');
    await terms.waitFor();
    const termsError = page.locator(`[id="${await terms.getAttribute('aria-describedby')}"]`);
    expect(await termsError.textContent()).toBe('You must agree to the terms of use and the privacy policy');
    // The password names everything it lacks, not one rule at a time.
    const password = page.getByTestId('registration-password');
    const rules = page.locator(`[id="${await password.getAttribute('aria-describedby')}"] > span`);
    expect(await rules.allTextContents()).toEqual([
      'Password must be at least 10 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one digit',
      'Password must contain at least one special character',
    ]);
    await saveScreenshot(page, 'sign-in-registration-errors');
    await expectAccessible(page, 'the registration form showing its errors');
  });

  it('registers a new user and asks them to check their e-mail', async () => {
    const page = currentPage();
    for (const [field, value] of Object.entries(person)) {
      await page.getByTestId(`registration-${field}`).fill(value);
    }
    await page.getByTestId('registration-confirmPassword').fill(person.password);
    await page.getByTestId('registration-acceptTerms').check();
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-check-email').waitFor();
    await expectAccessible(page, 'the check-your-e-mail panel');
  });

  it('opens the confirmation link from the outbox and completes the registration', async () => {
    const page = currentPage();
    const link = await waitForEmailLink(serverLogFile, person.email, /confirmationToken=/);
    expect(new URL(link).origin).toBe(new URL(baseUrl).origin);
    await page.goto(link);
    await page.getByTestId('registration-confirmed').waitFor();
    await expectAccessible(page, 'the confirmed registration');
  });

  it('signs in through the provider page and lands on /dashboard', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await signInOnProviderPage(page, person.userName, person.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByTestId('user-menu').waitFor();
    // The callback's code and state are gone from the address.
    expect(new URL(page.url()).search).toBe('');
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')),
    );
    expect(stored).toEqual([
      expect.stringMatching(/^oidc\.user:http:\/\/127\.0\.0\.1:\d+\/connect:branded$/),
    ]);
  });

  it('is still signed in after a reload', async () => {
    const page = currentPage();
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // A new plug-and-play account owns a household without watches: its own dashboard says so and
    // leads to connecting the watch from the box.
    await page
      .getByTestId('household-watches')
      .getByText('No watch is connected yet. Connect the watch you bought with the code on its box.')
      .waitFor();
    await page.getByRole('link', { name: 'Manage watches' }).waitFor();
    await saveScreenshot(page, 'sign-in-dashboard');
    await expectAccessible(page, 'the dashboard of a new account');
  });

  it('signs out, and /dashboard then sends the visitor to sign in', async () => {
    const page = currentPage();
    await signOut(page, baseUrl);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('oidc.user:')),
    );
    expect(stored).toEqual([]);

    await page.goto('/dashboard');
    await page.waitForURL(/\/account\/interaction\//);
    await page.locator('input[name="identifier"]').waitFor();
  });

  it('shows the sign-in error for a callback whose state matches nothing, and keeps working', async () => {
    const page = currentPage();
    await page.goto('/?code=forged-code&state=forged-state');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(5);
    await page.getByTestId('home-title').waitFor();
    await expectAccessible(page, 'the home page with a sign-in error');
    const health = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);
  });
});
