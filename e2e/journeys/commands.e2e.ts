import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const TEMPLATE = 'Journey center number';

const dialog = (page: Page) => page.getByTestId('crud-form-dialog');

describe('commands journey: kommune.admin writes a command template, sends it from a watch’s terminal and words the SOS alarm text', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('signs in on the command templates and sees the demo templates', async () => {
    const page = currentPage();
    await page.goto('/command-templates');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/command-templates`);
    await page.getByTestId('command-text-Request position').getByText('CR', { exact: true }).waitFor();
    await expectAccessible(page, 'the command templates');
  });

  it('refuses a %{variable} that is not declared, then saves it with the variable added from the text', async () => {
    const page = currentPage();
    await page.getByTestId('crud-create').click();
    await dialog(page).getByTestId('crud-field-name').fill(TEMPLATE);
    await dialog(page).getByTestId('crud-field-commandText').fill('CENTER,%{phone}');
    await dialog(page).getByTestId('crud-form-save').click();
    await dialog(page).getByText('Variables used in the text must be added as variables: phone').waitFor();
    await saveScreenshot(page, 'commands-template-rule');
    await expectAccessible(
      page,
      'the command template dialog with an error',
      '[data-testid="crud-form-dialog"]',
    );

    await dialog(page).getByTestId('variables-add-from-text').click();
    await dialog(page).getByTestId('variable-input-type-0').selectOption('phone');
    await dialog(page).getByTestId('variable-example-0').fill('+4520304050');
    await dialog(page).getByTestId('crud-form-save').click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId(`command-text-${TEMPLATE}`).getByText('CENTER,%{phone}').waitFor();
  });

  it('sends the template from a watch’s terminal: a bad phone number is refused, a good one is queued', async () => {
    const page = currentPage();
    await page.goto('/devices');
    // The registry's columns are wider than the screen and the grid renders only the columns in
    // view, so the row actions (last column) are not in the page until the user scrolls to them:
    // End on a cell of the first watch's row moves to its last cell, as a keyboard user would.
    const firstRow = page.getByTestId('devices-grid').locator('[role="row"][data-id]').first();
    await firstRow.waitFor();
    await expectAccessible(page, 'the device registry');
    await firstRow.locator('[data-field="name"]').click();
    await page.keyboard.press('End');
    await firstRow.locator('[data-testid^="device-terminal-"]').click();
    await page.getByTestId('terminal-info').waitFor();
    await page.getByTestId('terminal-history').waitFor();
    await expectAccessible(page, "a watch's terminal");
    await page.getByTestId('terminal-send').getByRole('combobox').click();
    await page.getByRole('option', { name: TEMPLATE }).click();

    const phone = page.getByTestId('terminal-value-phone');
    await phone.fill('call me');
    await page.getByTestId('terminal-send-button').click();
    await page.locator('[data-testid="terminal-value-phone"][aria-invalid="true"]').waitFor();

    await phone.fill('+4512345678');
    await page.getByTestId('terminal-preview').getByText('CENTER,+4512345678', { exact: false }).waitFor();
    await page.getByTestId('terminal-send-button').click();
    await page.getByText('Command queued').first().waitFor();
    const history = page.getByTestId('terminal-history');
    await history.getByText('CENTER,+4512345678').waitFor();
    await saveScreenshot(page, 'commands-terminal-queued');
  });

  it('words the SOS alarm text in Danish with a live preview, then restores the default', async () => {
    const page = currentPage();
    await page.goto('/alarm-texts');
    await page.getByTestId('alarm-text-sos').waitFor();
    await expectAccessible(page, 'the alarm texts');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: /Dansk|Danish/ }).click();
    // The Danish shipped text is loaded: its SOS subject (the English one also holds "SOS").
    await page
      .getByTestId('alarm-text-sos-subject')
      .and(page.locator('[value="SOS-alarm: {citizen}"]'))
      .waitFor();
    const subject = page.getByTestId('alarm-text-sos-subject');
    await subject.fill('SOS fra {citizen}');
    await page
      .getByTestId('alarm-text-sos-preview-subject')
      .getByText(/^SOS fra \S+/)
      .waitFor();
    await page.getByTestId('alarm-text-sos-save').click();
    await page.getByTestId('alarm-text-sos-default').waitFor({ state: 'detached' });
    await saveScreenshot(page, 'commands-alarm-text-da');

    await page.getByTestId('alarm-text-sos-restore').click();
    await page.getByTestId('alarm-text-sos-default').waitFor();
  });
});
