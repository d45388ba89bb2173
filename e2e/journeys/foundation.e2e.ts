import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';

const baseUrl = inject('baseUrl');

describe('foundation: language, not-found and theme survive a reload', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('opens the home page in English by default', async () => {
    const page = currentPage();
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('home-title').textContent()).toMatch(/welcome/i);
    await expectAccessible(page, 'the home page');
  });

  it('switches to Dansk and shows the home page in Danish', async () => {
    const page = currentPage();
    const englishTitle = await page.getByTestId('home-title').textContent();
    await page.getByTestId('language-switcher').click();
    await expectAccessible(page, 'the language menu', '[role="menu"]');
    await page.getByTestId('language-option-da').click();
    await page.waitForFunction(() => document.documentElement.lang === 'da');
    const danishTitle = await page.getByTestId('home-title').textContent();
    expect(danishTitle).not.toBe(englishTitle);
    expect(danishTitle).toMatch(/velkommen/i);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('da');
    await expectAccessible(page, 'the home page in Danish');
  });

  it('keeps Danish after a reload', async () => {
    const page = currentPage();
    await page.reload();
    await page.getByTestId('home-title').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('da');
    expect(await page.getByTestId('home-title').textContent()).toMatch(/velkommen/i);
  });

  it('shows the not-found screen for an unknown path', async () => {
    const page = currentPage();
    await page.goto('/this/path/does-not-exist');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
    await expectAccessible(page, 'the not-found screen');
  });

  it('toggles the dark theme and keeps it after a reload', async () => {
    const page = currentPage();
    await page.goto('/');
    await page.getByTestId('home-title').waitFor();
    await page.getByTestId('theme-switcher').click();
    await expectAccessible(page, 'the theme menu', '[role="menu"]');
    await page.getByTestId('theme-option-dark').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.reload();
    await page.getByTestId('home-title').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);
    expect(darkBackground).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page, 'the home page in the dark theme');
  });

  it('saves a screenshot under e2e/artifacts/', async () => {
    const page = currentPage();
    const file = await saveScreenshot(page, 'foundation-home-dark-da');
    expect(existsSync(file)).toBe(true);
  });
});
