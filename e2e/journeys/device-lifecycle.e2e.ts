import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Citizen, Device, SimcardListResponse } from '@homeward/contracts';
import { expectAccessible } from '../support/accessibility';
import { apiRequest, passwordGrant } from '../support/accounts';
import { journeyPage, saveScreenshot } from '../support/browser';
import { citizenWearing } from '../support/citizen-setup';
import {
  deviceSection,
  expectCitizenSetupAfterExchange,
  moveWatch,
  prepareForExchange,
  refusedStop,
  tableRows,
  waitForShownLocation,
} from '../support/device-administration';
import { journeySims, reportRow, simcardCsv, withWrongCheckDigit } from '../support/simcards';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';
import { registerStockWatch, type StockWatch } from '../support/watches';
import { switchLanguage } from '../support/language';

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);

/** 20 SIM cards; line 6 gets a wrong check digit and line 14 a phone number that is none. */
const SIMS = journeySims(20);
const BAD_ICCID_LINE = 6;
const BAD_PHONE_LINE = 14;
const CSV = simcardCsv(
  SIMS.map((sim, index) => {
    const line = index + 2; // line 1 is the header
    if (line === BAD_ICCID_LINE) return { ...sim, iccid: withWrongCheckDigit(sim.iccid), note: 'Misprinted' };
    if (line === BAD_PHONE_LINE) return { ...sim, msisdn: '20 30 4X 50', note: 'Typo' };
    return { ...sim, note: `Box ${suffix}` };
  }),
);
/** The two good cards that go into the journey's watches. */
const [SIM_A, SIM_B] = [SIMS[0]!, SIMS[1]!];

const CITIZEN = { name: 'Ejner', surname: `Udskift ${suffix}`, geofence: `Ejners have ${suffix}` };
const NOTES = {
  inStock: 'Unpacked from the supplier',
  testing: 'Battery and SOS test',
  sentToCustomer: 'Posted with tracking',
  atCustomer: 'Delivered and fitted',
  exchange: 'Screen cracked, swapped on site',
  returned: 'Came back by post',
  writtenOff: 'Water damage, not worth repairing',
};

describe('device lifecycle journey: SIM cards, locations, exchange, stop and history', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let staff: string;
  let first: StockWatch;
  let second: StockWatch;
  let citizen: Citizen;

  beforeAll(async () => {
    staff = await passwordGrant(baseUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    first = await registerStockWatch(baseUrl, staff, `Lifecycle ur A ${suffix}`);
    second = await registerStockWatch(baseUrl, staff, `Lifecycle ur B ${suffix}`);
  });

  it('1. uploads 20 SIM cards; the report names the two bad lines and why', async () => {
    const page = currentPage();
    await page.goto('/simcards');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/simcards`);
    await page.getByRole('heading', { level: 1, name: 'SIM cards' }).waitFor();
    await expectAccessible(page, 'the SIM cards');

    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload SIM cards from a CSV file' });
    await dialog.getByLabel('Choose file').setInputFiles({
      name: 'sim-cards.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await dialog.getByText('sim-cards.csv', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('18 created, 0 updated, 0 unchanged, 2 failed', { exact: true }).waitFor();
    await dialog.getByText('Uploaded 20 of 20 lines', { exact: true }).waitFor();
    expect(
      await dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');

    const upload = 'Upload SIM cards from a CSV file';
    expect(await reportRow(page, upload, BAD_ICCID_LINE).getByRole('cell').allTextContents()).toEqual([
      String(BAD_ICCID_LINE),
      withWrongCheckDigit(SIMS[BAD_ICCID_LINE - 2]!.iccid),
      'Failed',
      'ICCID: Not a valid ICCID (19 or 20 digits with a correct check digit)',
    ]);
    expect(await reportRow(page, upload, BAD_PHONE_LINE).getByRole('cell').allTextContents()).toEqual([
      String(BAD_PHONE_LINE),
      SIMS[BAD_PHONE_LINE - 2]!.iccid,
      'Failed',
      'Phone number (MSISDN): Not a valid phone number',
    ]);
    expect(await reportRow(page, upload, 2).getByRole('cell').allTextContents()).toEqual([
      '2',
      SIM_A.iccid,
      'Created',
      '',
    ]);
    const report = dialog.getByRole('table', { name: 'Reasons' });
    expect(await report.getByRole('cell', { name: 'Created', exact: true }).count()).toBe(18);
    // The report narrowed to the failed lines, as a person checks what to fix in the file.
    await dialog.getByRole('checkbox', { name: 'Show failed lines only' }).check();
    await report.getByRole('cell', { name: 'Created', exact: true }).first().waitFor({ state: 'detached' });
    expect((await tableRows(report)).map(([line]) => line)).toEqual([
      String(BAD_ICCID_LINE),
      String(BAD_PHONE_LINE),
    ]);
    await expectAccessible(page, 'the SIM card upload report', '[role="dialog"]');
    await saveScreenshot(page, 'device-lifecycle-1-simcard-upload-report');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const stored = (await (
      await apiRequest(baseUrl, `/api/simcards?filter=Box ${suffix}&maxResultCount=50`, { token: staff })
    ).json()) as SimcardListResponse;
    expect(stored.totalCount).toBe(18);
  });

  it('2. pairs two of the new SIM cards with two stock watches; the watches take their numbers', async () => {
    const page = currentPage();
    await page.getByRole('button', { name: 'Pair with watches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair SIM cards with watches' });
    await dialog
      .getByRole('textbox', { name: 'ICCID and IMEI per line' })
      .fill(['iccid,imei', `${SIM_A.iccid},${first.imei}`, `${SIM_B.iccid},${second.imei}`].join('\n'));
    await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
    await dialog.getByText('2 paired, 0 already paired, 0 failed', { exact: true }).waitFor();
    const pairing = 'Pair SIM cards with watches';
    expect(await reportRow(page, pairing, 2).getByRole('cell').allTextContents()).toEqual([
      '2',
      SIM_A.iccid,
      first.imei,
      'Paired',
      '',
    ]);
    expect(await reportRow(page, pairing, 3).getByRole('cell').allTextContents()).toEqual([
      '3',
      SIM_B.iccid,
      second.imei,
      'Paired',
      '',
    ]);
    await saveScreenshot(page, 'device-lifecycle-2-simcard-pairing-report');
    await expectAccessible(page, 'the SIM card pairing report', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list shows the card in its watch; the watch's phone number is the card's.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(SIM_A.iccid);
    await page.getByRole('gridcell', { name: first.name }).waitFor();
    for (const [watch, sim] of [
      [first, SIM_A],
      [second, SIM_B],
    ] as const) {
      const device = (await (
        await apiRequest(baseUrl, `/api/devices/${watch.id}`, { token: staff })
      ).json()) as Device;
      expect(device.phoneNumber).toBe(sim.msisdnE164);
    }
  });

  it('3. moves the first watch In stock → Testing → Sent to customer → At customer', async () => {
    const page = currentPage();
    await page.goto('/device-administration');
    await page.getByRole('heading', { level: 1, name: 'Device administration' }).waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(first.imei);
    const link = page.getByRole('link', { name: first.name, exact: true });
    await link.waitFor();
    await expectAccessible(page, 'the device administration list');
    await link.click();
    await page.getByRole('heading', { level: 1, name: `${first.name} · ${first.imei}` }).waitFor();
    await waitForShownLocation(page, 'Not set');
    await expectAccessible(page, 'the device administration page');

    await moveWatch(page, 'In stock', NOTES.inStock);
    await moveWatch(page, 'Testing', NOTES.testing);
    await moveWatch(page, 'Sent to customer', NOTES.sentToCustomer);
    await moveWatch(page, 'At customer', NOTES.atCustomer);
    await saveScreenshot(page, 'device-lifecycle-3-at-customer');
  });

  it('4. exchanges it for the second watch; the citizen keeps the geofence and alarm receivers', async () => {
    const page = currentPage();
    citizen = await citizenWearing(baseUrl, staff, first.id, CITIZEN);
    await prepareForExchange(baseUrl, staff, second.id);
    await page.reload();
    const actions = deviceSection(page, 'Stop and exchange');
    await actions.getByRole('button', { name: 'Exchange', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Exchange ${first.name}` });
    await dialog.getByText(`${CITIZEN.name} ${CITIZEN.surname} gets the chosen watch`).waitFor();
    await dialog.getByRole('combobox', { name: 'Replacement from stock' }).click();
    await page.getByRole('option', { name: `${second.name} (${second.imei})`, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill(NOTES.exchange);
    await expectAccessible(page, 'the exchange dialog', '[role="dialog"]');
    await saveScreenshot(page, 'device-lifecycle-4-exchange-dialog');
    await dialog.getByRole('button', { name: 'Exchange now' }).click();
    await page.getByText(`${first.name} was exchanged for ${second.name}.`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitForShownLocation(page, 'Awaiting return');
    await page.getByText('Stopped: Awaiting return', { exact: true }).waitFor();

    const after = (await (
      await apiRequest(baseUrl, `/api/citizens/${citizen.id}`, { token: staff })
    ).json()) as Citizen;
    expect(after.devices.map((device) => device.id)).toEqual([second.id]);
    expect(after.geofences.map((geofence) => geofence.id)).toEqual(citizen.geofences.map((g) => g.id));
    expect(after.alarmReceivers.map((receiver) => receiver.name)).toEqual(
      citizen.alarmReceivers.map((receiver) => receiver.name),
    );

    await expectCitizenSetupAfterExchange(page, citizen, {
      worn: second.name,
      freed: first.name,
      geofence: CITIZEN.geofence,
    });
    await page.locator('[data-testid="citizen-map"][data-state="loaded"]').waitFor();
    await saveScreenshot(page, 'device-lifecycle-4-citizen-after-exchange');
    await expectAccessible(page, 'the citizen page after the exchange');
  });

  it('5. stops the old watch as returned: it is back in stock', async () => {
    const page = currentPage();
    await page.goto(`/device-administration/${first.id}`);
    await waitForShownLocation(page, 'Awaiting return');
    await deviceSection(page, 'Stop and exchange').getByRole('button', { name: 'Stop device' }).click();
    const dialog = page.getByRole('dialog', { name: `Stop ${first.name}` });
    await dialog.getByRole('radio', { name: /^Returned/ }).check();
    await dialog.getByRole('textbox', { name: 'Note' }).fill(NOTES.returned);
    await expectAccessible(page, 'the stop dialog', '[role="dialog"]');
    await saveScreenshot(page, 'device-lifecycle-5-stop-dialog');
    await dialog.getByRole('button', { name: 'Stop', exact: true }).click();
    await page
      .getByText('The device was stopped as returned and is back in stock.', { exact: true })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitForShownLocation(page, 'In stock');
    await page.getByText('Stopped: Returned', { exact: true }).waitFor();
    await saveScreenshot(page, 'device-lifecycle-5-stopped-returned');
  });

  it('6. reads the old watch’s history: every move, the exchange and the stop, with who and why', async () => {
    const page = currentPage();
    const history = deviceSection(page, 'History').getByRole('table', { name: 'History' });
    await history.getByRole('cell', { name: NOTES.returned }).waitFor();
    const rows = (await tableRows(history)).map(([, ...cells]) => cells); // without the time
    const who = 'kommune.admin';
    expect(rows).toEqual([
      [who, 'Stop: Returned', 'Awaiting return', 'In stock', NOTES.returned],
      [who, `Exchange with ${second.imei}`, 'At customer', 'Awaiting return', NOTES.exchange],
      [who, 'Location', 'Sent to customer', 'At customer', NOTES.atCustomer],
      [who, 'Location', 'Testing', 'Sent to customer', NOTES.sentToCustomer],
      [who, 'Location', 'In stock', 'Testing', NOTES.testing],
      [who, 'Location', 'Not set', 'In stock', NOTES.inStock],
    ]);
    await saveScreenshot(page, 'device-lifecycle-6-history');
    await expectAccessible(page, 'the device administration page with its history');
  });

  it('7. refuses Written off → At customer (a stop as customer device) with its reason, in English and Danish', async () => {
    const page = currentPage();
    await moveWatch(page, 'Written off', NOTES.writtenOff);
    await refusedStop(page, `Stop ${first.name}`, {
      section: 'Stop and exchange',
      open: 'Stop device',
      kind: 'Customer device',
      confirm: 'Stop',
      cancel: 'Cancel',
      refused:
        'The device could not be stopped: A written-off device is final: it can only be sent for repair.',
    });
    await waitForShownLocation(page, 'Written off');
    await switchLanguage(page, 'da');
    await refusedStop(page, `Stop ${first.name}`, {
      section: 'Stop og ombytning',
      open: 'Stop enhed',
      kind: 'Kundens enhed',
      confirm: 'Stop',
      cancel: 'Annuller',
      refused:
        'Enheden kunne ikke stoppes: En afskrevet enhed er endelig: den kan kun sendes til reparation.',
      screenshot: 'device-lifecycle-7-refused-in-danish',
    });
    await switchLanguage(page, 'en');
    await waitForShownLocation(page, 'Written off');
  });
});
