import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { osmandClient } from '@homeward/simulator';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { liveMapTenant, type LiveMapTenant } from '../support/live-map-tenant';
import { realtimeReady } from '../support/realtime';
import { signInOnProviderPage } from '../support/sign-in';
import { fixAt } from '../support/watches';

const baseUrl = inject('baseUrl');
const WATCHES = 50;

/** Homes spread over Aarhus: ten rows of five, about a kilometre apart. */
const homeOf = (index: number) => ({
  lat: 56.12 + Math.floor(index / 5) * 0.009,
  lon: 10.14 + (index % 5) * 0.016,
});

describe('live map journey: 50 simulated watches on the map, one raises an SOS, the caregiver follows her', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let tenant: LiveMapTenant;

  it('the administrator of a tenant with 50 watched citizens opens the live map', async () => {
    tenant = await liveMapTenant(baseUrl, WATCHES);
    const page = currentPage();
    const ready = realtimeReady(page);
    await page.goto('/map');
    await signInOnProviderPage(page, tenant.adminEmail, tenant.adminPassword);
    await page.waitForURL(`${baseUrl}/map`);
    await page.getByRole('heading', { name: 'Live map', level: 1 }).waitFor();
    // Never located yet: listed, but with no place on the map.
    await page.getByText(`No position: ${WATCHES}`).waitFor();
    await ready;
    await expectAccessible(page, 'the live map before any position');
  });

  it('the simulated watches report over OsmAnd: all 50 appear online on the map', async () => {
    const page = currentPage();
    const sent = Date.now() - 5000;
    await Promise.all(
      tenant.citizens.map((citizen, index) =>
        osmandClient(`${baseUrl}/api/gateway/osmand`, citizen.imei).send(
          fixAt(new Date(sent), homeOf(index)),
        ),
      ),
    );
    await page.getByText(`Online: ${WATCHES}`).waitFor();
    expect(await page.getByText(/^No position:/).count()).toBe(0);
    const list = page.getByRole('list', { name: 'Citizens on the map' });
    await expect.poll(() => list.getByRole('button').count()).toBe(WATCHES);
    // The canvas layer drew every update it was sent (the count the bench reads too).
    const applied = await page.locator('[data-live-updates]').getAttribute('data-live-updates');
    expect(Number(applied)).toBeGreaterThanOrEqual(WATCHES);

    // Opened again, as a caregiver starting a shift would: the map fits all 50 at once.
    const ready = realtimeReady(page);
    await page.reload();
    await page.getByText(`Online: ${WATCHES}`).waitFor();
    await ready;
  });

  it('one watch raises an SOS: her entry and card show the alarm; the caregiver follows her', async () => {
    const page = currentPage();
    const inAlarm = tenant.citizens[17]!;
    await osmandClient(`${baseUrl}/api/gateway/osmand`, inAlarm.imei).send({
      ...fixAt(new Date(Date.now() - 2000), homeOf(17)),
      sos: true,
    });
    await page.getByText('Alarm: 1', { exact: true }).waitFor();
    const list = page.getByRole('list', { name: 'Citizens on the map' });
    const entry = list.getByRole('button', { name: new RegExp(inAlarm.name) });
    await entry.getByText(/^Alarm: SOS/).waitFor();
    // The most urgent first.
    await expect.poll(() => list.getByRole('button').first().textContent()).toContain(inAlarm.name);

    await entry.click();
    const card = page.getByRole('region', { name: inAlarm.name });
    await card.getByText(/^Alarm: SOS/).waitFor();
    await card.getByText(/^Position (now|\d+ seconds? ago)$/).waitFor();
    await card.getByText('Battery 80 %').waitFor();
    // The whole group in view, her marker red among the green ones, her card open.
    await saveScreenshot(page, 'live-map-1-fifty-watches-one-alarm');
    const follow = card.getByRole('switch', { name: 'Follow' });
    await follow.check();
    expect(await follow.isChecked()).toBe(true);
    expect(await card.getByRole('link', { name: 'Open the citizen page' }).getAttribute('href')).toBe(
      `/citizens/${inAlarm.id}`,
    );

    // She walks on: the followed card keeps up with her position.
    // (Sent while Follow's zoom may still be animating: the map must not lose her at its end.)
    const moved = { lat: homeOf(17).lat + 0.003, lon: homeOf(17).lon };
    const map = page.locator('[data-live-updates]');
    const updatesBefore = Number(await map.getAttribute('data-live-updates'));
    await osmandClient(`${baseUrl}/api/gateway/osmand`, inAlarm.imei).send(fixAt(new Date(), moved));
    await expect
      .poll(async () => Number(await map.getAttribute('data-live-updates')), { timeout: 10_000 })
      .toBeGreaterThan(updatesBefore);
    await card.getByText(/^Position (now|\d+ seconds? ago)$/).waitFor();
    await card.getByText(/^Alarm: SOS/).waitFor();
    await expectAccessible(page, 'the live map with an alarm and a followed citizen');
    await saveScreenshot(page, 'live-map-2-following');

    // The map stays centred on her: closed, her card opens again from her marker at the centre.
    await card.getByRole('button', { name: 'Close the card' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('live-map').click();
    await card.getByText('Battery 80 %').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByText('Battery 80 %').waitFor();
    await expectAccessible(page, 'the live map on a phone');
    await saveScreenshot(page, 'live-map-3-phone');
  });
});
