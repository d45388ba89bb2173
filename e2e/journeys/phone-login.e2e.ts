import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { sidewaysOverflow } from '../support/layout';
import { loggedSms, waitForSmsCode } from '../support/outbox';
import { signOut } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const serverLogFile = inject('serverLogFile');

/** The demo caregiver's mobile number (README "Phone login"), as typed and in E.164. */
const DEMO_PHONE_TYPED = '20 30 40 50';
const DEMO_PHONE = '+4520304050';

/** From the web app's "Sign in" to the provider's page, then to its phone step; checks both with axe. */
async function openPhoneStep(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('home-title').waitFor();
  await expectAccessible(page, 'the home page');
  await page.getByTestId('sign-in').click();
  await page.waitForURL(/\/account\/interaction\/[^/]+$/);
  await page.locator('input[name="identifier"]').waitFor();
  await expectAccessible(page, 'the sign-in page');
  await page.getByRole('link', { name: 'Sign in with a phone number instead' }).click();
  await page.waitForURL(/\/account\/interaction\/[^/]+\/phone$/);
  await page.getByLabel('Mobile number').waitFor();
  await expectAccessible(page, 'the phone sign-in page');
}

/** Asks for a code for the demo number and waits for the code page; returns SMS seen before. */
async function askForCode(page: Page): Promise<number> {
  const seen = loggedSms(serverLogFile).filter((sms) => sms.to === DEMO_PHONE).length;
  await page.getByLabel('Mobile number').fill(DEMO_PHONE_TYPED);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code from the SMS').waitFor();
  expect(await page.locator('main').textContent()).toContain(`If ${DEMO_PHONE} belongs to an account`);
  await expectAccessible(page, 'the phone code page');
  return seen;
}

describe('phone login journey: sign in with a code sent by SMS, read from the server log', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let firstCode: string;

  it('chooses the phone on the sign-in page and asks for a code', async () => {
    const page = currentPage();
    await openPhoneStep(page);
    await saveScreenshot(page, 'phone-login-number');
    const seen = await askForCode(page);
    // The embedded stand-in SMS gateway writes each SMS to the server log: the demo's "phone".
    firstCode = await waitForSmsCode(serverLogFile, DEMO_PHONE, seen);
    expect(firstCode).toMatch(/^\d{6}$/);
    await saveScreenshot(page, 'phone-login-code');
  });

  it('fits a phone screen 390 px wide', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await sidewaysOverflow(page)).toBe(0);
      await expectAccessible(page, 'the phone code page at 390 px');
      await saveScreenshot(page, 'phone-login-code-390px');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('signs in with the code and lands signed in', async () => {
    const page = currentPage();
    await page.getByLabel('Code from the SMS').fill(firstCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(new URL(page.url()).pathname).not.toMatch(/^\/account\//);
    await expectAccessible(page, 'the first screen after phone sign-in');
    await saveScreenshot(page, 'phone-login-signed-in');
    await signOut(page, baseUrl);
  });

  it('refuses the same code on the next sign-in, then takes the new one', async () => {
    const page = currentPage();
    await openPhoneStep(page);
    const seen = await askForCode(page);
    const secondCode = await waitForSmsCode(serverLogFile, DEMO_PHONE, seen);

    await page.getByLabel('Code from the SMS').fill(firstCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This code has already been used. Ask for a new code.');
    await expectAccessible(page, 'the phone code page with a used code refused');
    await saveScreenshot(page, 'phone-login-reused-code');

    await page.getByLabel('Code from the SMS').fill(secondCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('user-menu').waitFor();
    await expectAccessible(page, 'the first screen after the second phone sign-in');
  });
});
