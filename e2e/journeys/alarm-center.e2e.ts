import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import type { AlarmDetail, Citizen } from '@homeward/contracts';
import { osmandClient } from '@homeward/simulator';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { passwordGrant, apiRequest } from '../support/accounts';
import { apiGet } from '../support/api';
import { citizenWearing } from '../support/citizen-setup';
import { realtimeReady } from '../support/realtime';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';
import { registerStockWatch } from '../support/watches';

const baseUrl = inject('baseUrl');

const api = <T>(page: Page, url: string) => apiGet<T>(page, baseUrl, url);

/** The geofence `citizenWearing` draws: a 150 m circle here. */
const HOME = { lat: 56.1572, lon: 10.2107 };

describe('alarm center journey: an SOS is raised, acknowledged and handled; the center filters it and shows its timeline and times', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  const suffix = randomBytes(3).toString('hex');
  let citizen: Citizen;
  let alarmId: string;
  const home = HOME;
  const note = 'Phoned Alma: pressed by mistake, all well';

  // A citizen of its own, in the organization the caregiver follows (Inge's), so the demo data's
  // open SOS, which other journeys acknowledge, stays as it is.
  beforeAll(async () => {
    const staff = await passwordGrant(baseUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    const inge = (await (
      await apiRequest(baseUrl, '/api/citizens?filter=Inge', { token: staff })
    ).json()) as {
      items: { organizationId: string }[];
    };
    const watch = await registerStockWatch(baseUrl, staff, `Almas ur ${suffix}`);
    citizen = await citizenWearing(
      baseUrl,
      staff,
      watch.id,
      { name: 'Alma', surname: `Alarm ${suffix}`, geofence: `Almas hjem ${suffix}` },
      inge.items[0]!.organizationId,
    );
  });

  it('the caregiver signs in; the simulated watch presses SOS and the banner shows it', async () => {
    const page = currentPage();
    const ready = realtimeReady(page);
    await page.goto('/dashboard');
    await signInOnProviderPage(page, 'caregiver', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await ready;

    const watch = citizen.devices[0]!;
    // Pressed at home, in the middle of her circle: an SOS and nothing else.
    const banner = page
      .getByTestId('alarm-banner')
      .getByRole('alert')
      .filter({ hasText: 'SOS' })
      .filter({ hasText: `${citizen.name} ${citizen.surname}` });
    const shown = banner.waitFor();
    shown.catch(() => undefined);
    const client = osmandClient(`${baseUrl}/api/gateway/osmand`, watch.imei);
    await client.send({
      at: new Date(Math.floor(Date.now() / 1000) * 1000 - 1000),
      lat: home.lat,
      lon: home.lon,
      accuracyMeters: 8,
      speedMps: 0,
      bearing: 0,
      batteryPercent: 76,
      charging: false,
      sos: true,
    });
    await shown;
    alarmId = (await banner.getAttribute('data-testid'))!.replace('alarm-banner-', '');
    expect((await api<AlarmDetail>(page, `/api/alarms/${alarmId}`)).state).toBe('open');
  });

  it('acknowledges it from the banner and handles it with a note from the dashboard', async () => {
    const page = currentPage();
    await page.getByTestId(`alarm-banner-acknowledge-${alarmId}`).click();
    await page.getByTestId(`alarm-banner-${alarmId}`).waitFor({ state: 'detached' });
    const row = page.getByTestId('alarms-grid').locator(`[role="row"][data-id="${alarmId}"]`);
    await row.locator('[data-field="state"]').getByText('Acknowledged', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Handle' }).click();
    await page.getByRole('dialog').getByLabel('Note').fill(note);
    await page.getByRole('dialog').getByRole('button', { name: 'Handle' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row.locator('[data-field="state"]').getByText('Handled', { exact: true }).waitFor();
    await expectAccessible(page, 'the dashboard with a handled alarm');
  });

  it('"All alarms" opens the center; filtered by kind and citizen it lists the alarm with its times and the median / p90', async () => {
    const page = currentPage();
    await page.getByRole('link', { name: 'All alarms' }).click();
    await page.waitForURL(`${baseUrl}/alarms`);
    await page.getByRole('heading', { name: 'Alarms', level: 1 }).waitFor();

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'SOS', exact: true }).click();
    await page.waitForURL(/kind=sos/);
    await page.getByRole('combobox', { name: 'Citizen' }).fill(`Alarm ${suffix}`);
    // The rows and figures of the previous filter stay until the new ones come: wait for them.
    const filtered = (path: string) =>
      page.waitForResponse(
        (response) => response.url().includes(path) && response.url().includes('citizenId='),
      );
    const answered = Promise.all([filtered('/api/alarms?'), filtered('/api/alarms/statistics?')]);
    await page.getByRole('option', { name: `${citizen.name} ${citizen.surname}` }).click();
    await answered;
    await page.waitForURL(new RegExp(`citizenId=${citizen.id}`));

    const row = page.getByTestId('alarm-center-grid').locator(`[role="row"][data-id="${alarmId}"]`);
    await row.locator('[data-field="state"]').getByText('Handled', { exact: true }).waitFor();
    expect(await row.locator('[data-field="secondsToAcknowledge"]').textContent()).toMatch(/\d+ (s|min)/);
    expect(await row.locator('[data-field="secondsToHandle"]').textContent()).toMatch(/\d+ (s|min)/);
    // Every row is an SOS of Alma's.
    const kinds = await page
      .getByTestId('alarm-center-grid')
      .locator('[role="row"] [data-field="kind"]')
      .allTextContents();
    expect(kinds.slice(1).every((kind) => kind === 'SOS')).toBe(true);

    const summary = page.getByRole('region', { name: 'Summary of the alarms shown' });
    const acknowledge = summary.getByTestId('alarm-statistics-acknowledge');
    await acknowledge.getByText(/Median .+ · 90th percentile .+/).waitFor();
    expect(await acknowledge.textContent()).toMatch(/Time to acknowledge · \d+ acknowledged/);
    await summary
      .getByTestId('alarm-statistics-handle')
      .getByText(/Median .+ · 90th percentile .+/)
      .waitFor();
    await saveScreenshot(page, 'alarm-center-1-list');
    await expectAccessible(page, 'the alarm center');
  });

  it('opens the alarm: the timeline shows raised by the report, notified, acknowledged by and handled with the note', async () => {
    const page = currentPage();
    const link = `${page.url()}`;
    await page.getByTestId(`alarm-open-${alarmId}`).click();
    await page.waitForURL(`${baseUrl}/alarms/${alarmId}`);
    const timeline = page.getByRole('table', { name: 'Timeline' });
    await timeline.waitFor();
    await timeline.getByText(/Raised by a OsmAnd report \(device time .+\)/).waitFor();
    const coordinate = (value: number) =>
      new Intl.NumberFormat('en', { maximumFractionDigits: 5 }).format(value);
    await timeline.getByText(`position ${coordinate(home.lat)}, ${coordinate(home.lon)}`).waitFor();
    const notified = timeline.getByRole('row').filter({ hasText: / notified by / });
    expect(await notified.count()).toBeGreaterThan(0);
    await timeline.getByText(/^Acknowledged by .+/).waitFor();
    await timeline.getByText(new RegExp(`^Handled by .+: “${note}”$`)).waitFor();

    const detail = await api<AlarmDetail>(page, `/api/alarms/${alarmId}`);
    const actions = detail.history.map((entry) => entry.action);
    expect(actions[0]).toBe('created');
    expect(actions).toEqual(expect.arrayContaining(['notified', 'acknowledged', 'handled']));
    expect(actions.indexOf('acknowledged')).toBeLessThan(actions.indexOf('handled'));
    expect(detail.secondsToAcknowledge).not.toBeNull();
    await page
      .getByTestId('alarm-fact-acknowledged')
      .getByText(/\d+ (s|min)/)
      .waitFor();
    await saveScreenshot(page, 'alarm-center-2-timeline');
    await expectAccessible(page, "an alarm's timeline");

    // The filtered center is a link: opened anew it shows the same filters.
    await page.goto(link);
    expect(await page.getByRole('combobox', { name: 'Citizen' }).inputValue()).toBe(
      `${citizen.name} ${citizen.surname}`,
    );
    await page.getByTestId('alarm-center-grid').locator(`[role="row"][data-id="${alarmId}"]`).waitFor();
  });
});
