import type { Citizen } from '@homeward/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser';
import { apiRequest } from './accounts';

/** A section of the device administration page: a landmark named by its heading. */
export const deviceSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The location the page shows now ("Physical location: In stock"), once it shows `location`. */
export async function waitForShownLocation(page: Page, location: string): Promise<void> {
  await deviceSection(page, 'Physical location')
    .getByText(`Physical location: ${location}`, { exact: true })
    .waitFor();
}

/**
 * Moves the open watch to `to` with a note, as a person does in the Physical location section: the
 * "Move to" select, the note, Move; waits for the success toast and the new location shown.
 */
export async function moveWatch(page: Page, to: string, note: string): Promise<void> {
  const section = deviceSection(page, 'Physical location');
  await section.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('listbox').getByRole('option', { name: to, exact: true }).click();
  await section.getByRole('textbox', { name: 'Note' }).fill(note);
  await section.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByText(`The device was moved to ${to}.`, { exact: true }).waitFor();
  await waitForShownLocation(page, to);
}

/** The cells of a table's body rows, as a person reads them, top to bottom. */
export function tableRows(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    Array.from(element.querySelectorAll('tbody tr')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

/**
 * Makes a stock watch a candidate for an exchange through the API, as staff do on its page: moved
 * to In stock and marked ready for sale.
 */
export async function prepareForExchange(
  baseUrl: string,
  staffToken: string,
  deviceId: string,
): Promise<void> {
  const path = `/api/device-administration/devices/${deviceId}`;
  await apiRequest(baseUrl, `${path}/location`, {
    method: 'PUT',
    token: staffToken,
    body: JSON.stringify({ to: 1, note: 'Unpacked into stock' }),
  });
  await apiRequest(baseUrl, `${path}/sale`, {
    method: 'PUT',
    token: staffToken,
    body: JSON.stringify({ readyForSale: true, note: 'Tested, ready for sale' }),
  });
}

/**
 * The citizen's page after an exchange, as staff check it behind Edit (the page leads with the
 * person; watches, geofences and receivers are edited there): the watch worn now is listed with the
 * citizen's watches and the old one is not (it is free), the geofence and every alarm receiver in
 * their order are kept. Leaves the page on Edit.
 */
export async function expectCitizenSetupAfterExchange(
  page: Page,
  citizen: Citizen,
  expected: { worn: string; freed: string; geofence: string },
): Promise<void> {
  await page.goto(`/citizens/${citizen.id}`);
  await page.getByRole('heading', { level: 1, name: `${citizen.name} ${citizen.surname}` }).waitFor();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  // The watches section lists the citizen's watches above the free ones.
  const worn = page.getByTestId('citizen-devices-active');
  await worn.getByText(expected.worn, { exact: true }).waitFor();
  expect(await worn.getByText(expected.freed, { exact: true }).count()).toBe(0);
  await page.getByTestId('citizen-geofences').getByText(expected.geofence).first().waitFor();
  for (const [index, receiver] of citizen.alarmReceivers.entries()) {
    await page.locator(`[data-testid="alarm-receiver-${index + 1}"][data-name="${receiver.name}"]`).waitFor();
  }
  // Back to the person: the overview with the map.
  await page.getByRole('button', { name: 'Overview', exact: true }).click();
}

/** What a person reads and clicks to try a stop, in the language the page shows. */
export interface StopAttempt {
  section: string;
  open: string;
  kind: string;
  confirm: string;
  cancel: string;
  /** The failure toast with the server's reason. */
  refused: string;
  screenshot?: string;
}

/**
 * Tries a stop the server refuses, in the dialog named `dialogName`: chooses the kind, confirms,
 * waits for the failure toast with its reason, then cancels (the dialog stays open on a refusal).
 */
export async function refusedStop(page: Page, dialogName: string, texts: StopAttempt): Promise<void> {
  await deviceSection(page, texts.section).getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('radio', { name: new RegExp(`^${texts.kind}`) }).check();
  await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();
  await page.getByText(texts.refused, { exact: true }).waitFor();
  if (texts.screenshot) await saveScreenshot(page, texts.screenshot);
  await dialog.getByRole('button', { name: texts.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
}
