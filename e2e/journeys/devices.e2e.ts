import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage, storedAccessToken } from '../support/sign-in';

const baseUrl = inject('baseUrl');

/** A valid IMEI: 14 digits from `n`, then the Luhn check digit. */
function imei(n: number): string {
  const body = String(49_015_420_000_000 + n);
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(body[13 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const GOOD_1 = imei(7101);
const GOOD_2 = imei(7102);
const WRONG_CHECK_DIGIT = `${GOOD_1.slice(0, 14)}${(Number(GOOD_1[14]) + 1) % 10}`;
const CSV = [
  'imei;name;organization;product;stellaId',
  `${GOOD_1};Batch ur 1;Plejecenter Solgården;Homeward Watch 4G;STL7100001`,
  `${WRONG_CHECK_DIGIT};Forkert kontrolciffer;Plejecenter Solgården;;`,
  `${GOOD_2};Batch ur 2;Ingen Organisation;;`,
].join('\n');

async function devicesWithImei(page: Page, value: string): Promise<number> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${baseUrl}/api/devices?filter=${value}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { totalCount: number }).totalCount;
}

async function uploadCsv(page: Page): Promise<string> {
  await page.getByTestId('device-batch-open').click();
  await page.getByTestId('device-batch-file').setInputFiles({
    name: 'watches.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await page.getByTestId('device-batch-upload').click();
  const summary = page.getByTestId('device-batch-summary');
  await summary.waitFor();
  await expectAccessible(page, 'the CSV upload result', '[data-testid="device-batch-dialog"]');
  return (await summary.textContent()) ?? '';
}

describe('devices journey: the registry, a CSV upload twice, and the dashboard', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('refuses an IMEI with a wrong check digit in the add-device dialog', async () => {
    const page = currentPage();
    await page.goto('/devices');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/devices`);
    await page.getByTestId('devices-grid').locator('[role="row"][data-id]').first().waitFor();
    await expectAccessible(page, 'the device registry');
    await page.getByTestId('crud-create').click();
    await page.getByTestId('crud-field-name').fill('Forkert ur');
    await page.getByTestId('crud-field-imei').fill(WRONG_CHECK_DIGIT);
    await page.getByTestId('crud-form-save').click();
    await page.getByText('IMEI must be 15 digits with a valid check digit').waitFor();
    await saveScreenshot(page, 'devices-imei-check-digit');
    await expectAccessible(page, 'the add-device dialog with an error', '[data-testid="crud-form-dialog"]');
    await page.getByTestId('crud-form-cancel').click();
    expect(await devicesWithImei(page, WRONG_CHECK_DIGIT)).toBe(0);
  });

  it('uploads a CSV with good and bad lines: the good one is created, each bad one says why', async () => {
    const page = currentPage();
    expect(await uploadCsv(page)).toContain('1 created, 0 already registered, 2 refused');
    const rows = page.getByTestId('device-batch-rows');
    expect(await rows.getByTestId('device-batch-row-3').textContent()).toContain(
      'IMEI must be 15 digits with a valid check digit',
    );
    expect(await rows.getByTestId('device-batch-row-4').textContent()).toContain(
      'Choose one of your organizations',
    );
    await saveScreenshot(page, 'devices-csv-first-upload');
    await page.getByTestId('device-batch-close').click();
    expect(await devicesWithImei(page, GOOD_1)).toBe(1);
  });

  it('uploads the same file again and creates nothing twice', async () => {
    const page = currentPage();
    expect(await uploadCsv(page)).toContain('0 created, 1 already registered, 2 refused');
    await saveScreenshot(page, 'devices-csv-second-upload');
    await page.getByTestId('device-batch-close').click();
    expect(await devicesWithImei(page, GOOD_1)).toBe(1);
    expect(await devicesWithImei(page, GOOD_2)).toBe(0);
    await page.getByTestId('crud-search').fill(GOOD_1);
    await page.getByRole('gridcell', { name: 'Batch ur 1' }).waitFor();
  });

  it('shows the active/inactive chart on the dashboard and filters the table by status', async () => {
    const page = currentPage();
    await page.goto('/dashboard');
    await page.getByTestId('device-chart-active').waitFor();
    const token = await storedAccessToken(page);
    const summary = (await (
      await fetch(`${baseUrl}/api/devices/summary`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { active: number; inactive: number };
    expect(Number(await page.getByTestId('device-chart-active').textContent())).toBe(summary.active);
    expect(Number(await page.getByTestId('device-chart-inactive').textContent())).toBe(summary.inactive);
    // The device table's cells: the alarm list above it has an "Offline" kind of its own.
    const devices = page.getByTestId('devices-grid');
    await devices.getByRole('gridcell', { name: 'Online', exact: true }).first().waitFor();
    await expectAccessible(page, 'the dashboard');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Offline', exact: true }).click();
    // The server answers the filtered page: the online watches go, the offline one stays.
    await devices
      .getByRole('gridcell', { name: 'Online', exact: true })
      .first()
      .waitFor({ state: 'detached' });
    await devices.getByRole('gridcell', { name: 'Offline', exact: true }).first().waitFor();
    await saveScreenshot(page, 'devices-dashboard');
  });

  it("acknowledges Inge's demo SOS from the dashboard's alarm list", async () => {
    const page = currentPage();
    const token = await storedAccessToken(page);
    const openSos = async () =>
      (await (
        await fetch(`${baseUrl}/api/alarms?state=open&kind=sos`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { items: { id: string; deviceName: string | null }[] };
    const sos = (await openSos()).items.find((alarm) => alarm.deviceName === 'Inges ur');
    expect(sos).toBeTruthy();
    await page.goto('/dashboard');
    await page
      .getByTestId('alarms-grid')
      .getByRole('gridcell', { name: 'Inges ur', exact: true })
      .first()
      .waitFor();
    await saveScreenshot(page, 'alarms-dashboard');
    await page.getByTestId(`alarm-acknowledge-${sos!.id}`).click();
    await page.getByText('Alarm acknowledged').waitFor();
    // Acknowledged, it offers only Handle.
    await page.getByTestId(`alarm-acknowledge-${sos!.id}`).waitFor({ state: 'detached' });
    expect((await openSos()).items.some((alarm) => alarm.id === sos!.id)).toBe(false);
  });
});
