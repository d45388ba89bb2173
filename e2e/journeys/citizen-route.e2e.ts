import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Citizen, CitizenRoute } from '@homeward/contracts';
import { osmandClient, type Fix } from '@homeward/simulator';
import { expectAccessible } from '../support/accessibility';
import { passwordGrant } from '../support/accounts';
import { apiGet } from '../support/api';
import { journeyPage, saveScreenshot } from '../support/browser';
import { citizenWearing } from '../support/citizen-setup';
import { sidewaysOverflow } from '../support/layout';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';
import { registerStockWatch, type StockWatch } from '../support/watches';

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
/** A citizen of this journey only, so no other journey's watch or alarms mix in. */
const CITIZEN = { name: 'Ruth', surname: `Rute ${suffix}`, geofence: `Ruths hjem ${suffix}` };

/** The geofence `citizenWearing` draws: a 150 m circle here. */
const HOME = { lat: 56.1572, lon: 10.2107 };
const METERS_PER_DEGREE = 111_195;

/**
 * The morning walk, as (minutes after the start, metres north of home): at home, out of the 150 m
 * circle, a 7-minute stop 420 m north (within a few metres), back in and home.
 */
const WALK: [number, number][] = [
  [0, 0],
  [1, 10],
  [2, 5],
  [3, 100],
  [4, 200],
  [5, 300],
  [6, 350],
  ...[7, 8, 9, 10, 11, 12, 13, 14].map((minute, index): [number, number] => [minute, 420 + (index % 3) * 4]),
  [15, 300],
  [16, 200],
  [17, 100],
  [18, 20],
  [19, 0],
];

const fixAt = (at: Date, metersNorth: number): Fix => ({
  at,
  lat: HOME.lat + metersNorth / METERS_PER_DEGREE,
  lon: HOME.lon,
  accuracyMeters: 5,
  speedMps: 1,
  bearing: 0,
  batteryPercent: 76,
  charging: false,
  sos: false,
});

const clock = (at: string) => new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });

describe('citizen route journey: a caregiver opens the citizen page, sees the person first, and replays the day’s route', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let watch: StockWatch;
  let citizen: Citizen;

  beforeAll(async () => {
    const staff = await passwordGrant(baseUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    watch = await registerStockWatch(baseUrl, staff, `Ruths ur ${suffix}`);
    citizen = await citizenWearing(baseUrl, staff, watch.id, CITIZEN);
  });

  it('the watch sends its morning through the OsmAnd gateway, with device times earlier today', async () => {
    // The walk ends 2 minutes ago, and a last fix at home says where she is now. (A journey run in
    // the first 25 minutes after midnight would put the walk on yesterday.)
    const start = Date.now() - 22 * 60_000;
    const client = osmandClient(`${baseUrl}/api/gateway/osmand`, watch.imei);
    for (const [minute, meters] of WALK) await client.send(fixAt(new Date(start + minute * 60_000), meters));
    await client.send(fixAt(new Date(Date.now() - 60_000), 0));
    await client.close();
  });

  it('the caregiver signs in on the citizen page: status and position come first, and no Edit action or form', async () => {
    const page = currentPage();
    await page.goto(`/citizens/${citizen.id}`);
    await signInOnProviderPage(page, 'caregiver', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/citizens/${citizen.id}`);
    await page.getByRole('heading', { level: 1, name: `${CITIZEN.name} ${CITIZEN.surname}` }).waitFor();
    await page.locator('[data-testid="citizen-status"][data-status="online"]').waitFor();
    await page.getByTestId('citizen-battery').getByText('Battery 76 %').waitFor();
    await page
      .getByTestId('citizen-map-age')
      .getByText(/^Position from (\d+ min\. ago|now)$/)
      .waitFor();
    await page.locator('[data-testid="citizen-map"][data-state="loaded"]').waitFor();
    await page.getByTestId('citizen-route-stops').waitFor();

    // The person comes first: the header, then the map, then alarms and the route.
    const order = await page.evaluate(() =>
      [
        'citizen-header',
        'citizen-map-section',
        'citizen-alarms',
        'citizen-route',
        'citizen-receiver-contacts',
      ].map((id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? -1),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The caregiver role follows citizens and may change nothing on them: no Edit, no form.
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /^(Name|Surname|CPR number)/ }).count()).toBe(0);
    // The receivers are listed with a number to call.
    expect(
      await page.getByTestId('citizen-receiver-contacts').locator('a[href^="tel:"]').count(),
    ).toBeGreaterThan(0);
    await expectAccessible(page, 'the citizen page of a caregiver');
    await saveScreenshot(page, 'citizen-page-caregiver-1280');
  });

  it('the page fits a 390 px phone, person first', async () => {
    const page = currentPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.reload();
      await page.locator('[data-testid="citizen-map"][data-state="loaded"]').waitFor();
      await page.getByTestId('citizen-route-stops').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
      expect(await sidewaysOverflow(page)).toBe(0);
      await expectAccessible(page, 'the citizen page of a caregiver on a phone');
      await saveScreenshot(page, 'citizen-page-caregiver-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('replays the day’s route: the stop is listed, the exit and entry marked, the slider and Play move along it', async () => {
    const page = currentPage();
    const route = await apiGet<CitizenRoute>(
      page,
      baseUrl,
      `/api/citizens/${citizen.id}/route?date=${await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      })}&timeZone=${encodeURIComponent(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))}`,
    );
    // Every fix of the walk and the last one at home; one stop of 7 minutes; out and back in.
    expect(route.totalPoints).toBe(WALK.length + 1);
    expect(route.stops.map((stop) => stop.durationSeconds)).toEqual([7 * 60]);
    expect(route.crossings.map((crossing) => [crossing.kind, crossing.geofenceName])).toEqual([
      ['exit', CITIZEN.geofence],
      ['entry', CITIZEN.geofence],
    ]);

    const stops = page.getByTestId('citizen-route-stops');
    await stops.getByText('Stops (1)').waitFor();
    await stops.getByText(`${clock(route.stops[0]!.start)}–${clock(route.stops[0]!.end)}`).waitFor();
    await stops.getByText('7 min', { exact: true }).waitFor();
    const crossings = page.getByTestId('citizen-route-crossings');
    await crossings.getByText(`Left ${CITIZEN.geofence}`).waitFor();
    await crossings.getByText(`Entered ${CITIZEN.geofence}`).waitFor();
    // Track, stop ring, exit and entry squares and the replay marker are drawn on the route map.
    await page.locator('[data-testid="citizen-route-map"] .leaflet-marker-pane > div').nth(1).waitFor();

    // The slider, by keyboard: End goes to the last fix, Home back to the first.
    const time = page.getByTestId('citizen-route-time');
    const slider = page.getByRole('slider', { name: 'Time on the route' });
    await slider.focus();
    await page.keyboard.press('End');
    await time.getByText(clock(route.points.at(-1)!.at), { exact: true }).waitFor();
    await page.keyboard.press('Home');
    await time.getByText(clock(route.points[0]!.at), { exact: true }).waitFor();

    // Play carries the marker along; it is paused in the middle of the walk for the screenshot.
    await page.getByRole('button', { name: 'Play the route' }).click();
    const stopStart = Date.parse(route.stops[0]!.start);
    await page.waitForFunction((at) => {
      const slider = document.querySelector('[data-testid="citizen-route-slider"] input');
      return slider !== null && Number((slider as HTMLInputElement).value) >= at;
    }, stopStart);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Play the route' }).waitFor();
    // A full-page screenshot from the top, so the app bar stays at the top of the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'the citizen page with the route replayed');
    await saveScreenshot(page, 'citizen-route-replay');
  });
});
