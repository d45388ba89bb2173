import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInOnProviderPage, signOut } from '../support/sign-in';
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

  it('registers a new user and asks them to check their e-mail', async () => {
    const page = currentPage();
    await page.goto('/registration');
    for (const [field, value] of Object.entries(person)) {
      await page.getByTestId(`registration-${field}`).fill(value);
    }
    await page.getByTestId('registration-confirmPassword').fill(person.password);
    await page.getByTestId('registration-acceptTerms').check();
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-check-email').waitFor();
  });

  it('opens the confirmation link from the outbox and completes the registration', async () => {
    const page = currentPage();
    const link = await waitForEmailLink(serverLogFile, person.email, /confirmationToken=/);
    expect(new URL(link).origin).toBe(new URL(baseUrl).origin);
    await page.goto(link);
    await page.getByTestId('registration-confirmed').waitFor();
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
    // A new plug-and-play account may add watches, and has none yet.
    // The device table's own grid: the alarm list above it is empty too.
    await page.getByTestId('devices-grid').getByText('No data available').waitFor();
    await page.getByTestId('add-device').waitFor();
    await saveScreenshot(page, 'sign-in-dashboard');
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
    const health = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);
  });
});
