import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { waitForEmailLink } from '../support/outbox';
import { DEMO_PASSWORD, signInOnProviderPage, storedAccessToken } from '../support/sign-in';
import { testPng } from '../support/test-images';

const baseUrl = inject('baseUrl');
const serverLogFile = inject('serverLogFile');

/** The demo account this journey edits (no other journey signs in as it); restored at the end. */
const USER = { userName: 'pnp.user', email: 'pnp.user@homeward.example' };
const NEW_EMAIL = 'pnp.user.journey@homeward.example';
const NEW_PASSWORD = 'Journey-Password-42!';
/** The account's name and phone before the journey, put back at its end. */
let original: { name: string | null; phoneNumber: string | null } = { name: null, phoneNumber: null };

/** Waits for the toast saying `text` (the one notification shows the newest message). */
const toast = (page: Page, text: string) =>
  page.getByTestId('notification').getByText(text, { exact: false }).waitFor();

/** Chooses a file in the picture's file input, as a person picks one in the file dialog. */
async function choosePicture(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('account-avatar-file').setInputFiles({ name, mimeType, buffer });
}

/** Calls the API as the signed-in user (the SPA's stored token), for putting the account back. */
async function api(page: Page, method: string, url: string, body?: unknown): Promise<Response> {
  const token = await storedAccessToken(page);
  return fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe('account journey: a user keeps their own profile, picture and password', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('signs in and opens the account page', async () => {
    const page = currentPage();
    await page.goto('/account');
    await signInOnProviderPage(page, USER.userName, DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/account`);
    await page.getByTestId('account-profile-form').waitFor();
    expect(await page.getByTestId('account-profile-email-input').inputValue()).toBe(USER.email);
    original = (await (await api(page, 'GET', '/api/account/my-profile')).json()) as typeof original;
    await expectAccessible(page, 'the account page');
    await saveScreenshot(page, 'account-page');
  });

  it('edits name and phone, with a toast', async () => {
    const page = currentPage();
    await page.getByTestId('account-profile-name-input').fill('Per Journey');
    await page.getByTestId('account-profile-phoneNumber-input').fill('12ab');
    await page.getByTestId('account-profile-save').click();
    await page
      .getByTestId('account-profile-phoneNumber-help')
      .getByText('digits', { exact: false })
      .waitFor();
    await page.getByTestId('account-profile-phoneNumber-input').fill('4522334455');
    await page.getByTestId('account-profile-save').click();
    await toast(page, 'Your profile was saved.');
    // The top bar's name follows.
    await page.getByTestId('user-menu-name').getByText('Per Journey', { exact: true }).waitFor();
    await saveScreenshot(page, 'account-profile-saved');
  });

  it('changes the e-mail address only once the link sent to it is opened', async () => {
    const page = currentPage();
    await page.getByTestId('account-profile-email-input').fill(NEW_EMAIL);
    await page.getByTestId('account-profile-save').click();
    await toast(page, `Open the link we sent to ${NEW_EMAIL}`);
    await page.getByTestId('account-profile-email-help').getByText(`Pending: ${NEW_EMAIL}`).waitFor();
    await expectAccessible(page, 'the account page with a pending e-mail address');
    await saveScreenshot(page, 'account-email-pending');

    const link = await waitForEmailLink(serverLogFile, NEW_EMAIL, /emailChangeToken=/);
    await page.goto(link);
    await toast(page, `Your e-mail address is now ${NEW_EMAIL}.`);
    await page.getByTestId('account-profile-pending-email').waitFor({ state: 'detached' });
    expect(await page.getByTestId('account-profile-email-input').inputValue()).toBe(NEW_EMAIL);
    // The token does not stay in the address.
    expect(new URL(page.url()).search).toBe('');
  });

  it('refuses a 3 MB picture with the MB message, and a text file named .png', async () => {
    const page = currentPage();
    await choosePicture(page, 'holiday.png', 'image/png', testPng(1024, 1024, { noise: true }));
    await page
      .getByTestId('account-avatar-error')
      .getByText('The avatar image can be at most 2 MB.')
      .waitFor();
    await toast(page, 'Your picture could not be saved');
    await expectAccessible(page, 'the account page with a refused picture');
    await saveScreenshot(page, 'account-avatar-too-large');

    await choosePicture(page, 'notes.png', 'image/png', Buffer.from('These are my notes, not a picture.\n'));
    await page
      .getByTestId('account-avatar-error')
      .getByText('This file is not a PNG, JPEG or WebP image.')
      .waitFor();
    await saveScreenshot(page, 'account-avatar-not-an-image');
  });

  it('uploads a valid picture, shown on the page and in the top bar', async () => {
    const page = currentPage();
    await choosePicture(page, 'portrait.png', 'image/png', testPng(600, 400));
    await toast(page, 'Your picture was saved.');
    await page.locator('[data-testid="user-menu"] img').waitFor();
    await page.locator('[data-testid="account-avatar-image"] img').waitFor();
    // The user button keeps the visible name in its accessible name.
    expect(await page.getByRole('button', { name: /^Per Journey\b/ }).getAttribute('data-testid')).toBe(
      'user-menu',
    );
    // The thumbnail is square, whatever the upload's shape.
    const size = await page
      .locator('[data-testid="account-avatar-image"] img')
      .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size).toEqual([256, 256]);
    await expectAccessible(page, 'the account page with a picture');
    await saveScreenshot(page, 'account-avatar-uploaded');
  });

  it('changes the password: a wrong current password first, then the right one', async () => {
    const page = currentPage();
    const fill = async (current: string) => {
      await page.getByTestId('account-password-currentPassword').fill(current);
      await page.getByTestId('account-password-newPassword').fill(NEW_PASSWORD);
      await page.getByTestId('account-password-confirmPassword').fill(NEW_PASSWORD);
      await page.getByTestId('account-password-save').click();
    };
    await fill('Not-The-Password1!');
    await page.getByTestId('account-password').getByText('The current password is wrong.').waitFor();
    await toast(page, 'Your password could not be changed');
    await expectAccessible(page, 'the account page with a wrong current password');
    await saveScreenshot(page, 'account-password-wrong');

    await fill(DEMO_PASSWORD);
    await toast(page, 'Your password was changed.');
    // This browser stays signed in.
    expect((await api(page, 'GET', '/api/account/my-profile')).status).toBe(200);
    await saveScreenshot(page, 'account-password-changed');
  });

  it('is usable at 390 px wide', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('account-avatar-upload').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the account page at 390 px');
    await saveScreenshot(page, 'account-page-390');
  });

  it('puts the demo account back as it was, for later journeys', async () => {
    const page = currentPage();
    expect((await api(page, 'DELETE', '/api/account/avatar')).status).toBe(200);
    const changed = await api(page, 'POST', '/api/account/change-password', {
      currentPassword: NEW_PASSWORD,
      newPassword: DEMO_PASSWORD,
    });
    expect(changed.status).toBe(204);
    const restored = await api(page, 'PUT', '/api/account/update-profile', {
      name: original.name ?? '',
      email: USER.email,
      phoneNumber: original.phoneNumber ?? '',
    });
    expect(restored.status).toBe(200);
    if (((await restored.json()) as { email: string }).email !== USER.email) {
      const link = await waitForEmailLink(serverLogFile, USER.email, /emailChangeToken=/);
      const token = new URL(link).searchParams.get('emailChangeToken');
      expect((await api(page, 'POST', '/api/account/confirm-email-change', { token })).status).toBe(200);
    }
  });
});
