import type { Page } from 'playwright-core';

/**
 * Switches the UI language with the top bar's language menu, as a person does, and waits until the
 * page has followed (the document's language changes with the loaded resources).
 */
export async function switchLanguage(page: Page, language: 'en' | 'da'): Promise<void> {
  await page.getByRole('button', { name: /change language|skift sprog/i }).click();
  await page.getByTestId(`language-option-${language}`).click();
  await page.waitForFunction((lng) => document.documentElement.lang.startsWith(lng), language);
}
