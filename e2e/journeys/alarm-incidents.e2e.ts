import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Alarm } from '@homeward/contracts';
import { osmandClient, watchFrame } from '@homeward/simulator';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { apiGet, citizenNamed } from '../support/api';
import { realtimeReady } from '../support/realtime';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';
import { deviceClock, fixAt, insideAndOutside } from '../support/watches';

const baseUrl = inject('baseUrl');
const watchPort = inject('watchPort');

const api = <T>(page: Page, url: string) => apiGet<T>(page, baseUrl, url);

/**
 * Poul (the caregiver's other demo citizen; the live-alarm journey walks Inge): his watch, a point
 * well inside his polygon geofence and one about two kilometres north of it. One fix at either
 * decides the fence whatever `Homeward.Geofence.ExitConfirmations` says (clear of the edge by far
 * more than its accuracy).
 */
async function demoCitizen(page: Page) {
  const citizen = await citizenNamed(page, baseUrl, 'Poul');
  return { citizen, watch: citizen.devices[0]!, ...insideAndOutside(citizen.geofences[0]!.geometry) };
}

/** A 3G watch location frame (`AL` or `UD`) with the status bits in hex, as the watch sends it. */
function watchLocation(type: 'AL' | 'UD', at: Date, place: { lat: number; lon: number }, status: string) {
  const iso = at.toISOString();
  const date = `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `${type},${date},${time},A,${place.lat.toFixed(6)},N,${place.lon.toFixed(6)},E,0,0,0,9,100,80,0,0,${status},0,0,10`;
}

/** The alarm tones the page started (the dashboard beeps through Web Audio oscillators). */
const tonesStarted = (page: Page) => page.evaluate(() => (window as { alarmTones?: number }).alarmTones ?? 0);
/** Resolves once the page started a tone more than the `before` it had started. */
const toneStartedSince = (page: Page, before: number) =>
  page.waitForFunction((count) => ((window as { alarmTones?: number }).alarmTones ?? 0) > count, before);

describe('alarm incidents journey: exit, acknowledge, back inside, exit again alerts anew; a watch taken off alerts', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  const nextTime = deviceClock();
  let demo: Awaited<ReturnType<typeof demoCitizen>>;
  let report: (place: { lat: number; lon: number }) => Promise<void>;
  let firstExit: string;

  const banner = (page: Page, kind: string) =>
    page
      .getByTestId('alarm-banner')
      .getByRole('alert')
      .filter({ hasText: kind })
      .filter({ hasText: `${demo.citizen.name} ${demo.citizen.surname}` });
  /** Waits for the banner of an alarm of the kind (its label) and Poul; the alarm's id. */
  const bannerShown = async (page: Page, kind: string) => {
    const shown = banner(page, kind);
    await shown.waitFor();
    return (await shown.getAttribute('data-testid'))!.replace('alarm-banner-', '');
  };
  const alarmRow = (page: Page, alarmId: string) =>
    page.getByTestId('alarms-grid').locator(`[role="row"][data-id="${alarmId}"]`);

  it('the caregiver is on the dashboard, with the realtime connection ready, and Poul is at home', async () => {
    const page = currentPage();
    // Counts each tone the page starts, so that "with sound" is checked, not assumed.
    await page.addInitScript(() => {
      const tones = window as { alarmTones?: number };
      tones.alarmTones = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
        tones.alarmTones = (tones.alarmTones ?? 0) + 1;
        return start.apply(this, args);
      };
    });
    const ready = realtimeReady(page);
    await page.goto('/dashboard');
    await signInOnProviderPage(page, 'caregiver', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/dashboard`);
    demo = await demoCitizen(page);
    const client = osmandClient(`${baseUrl}/api/gateway/osmand`, demo.watch.imei);
    report = (place) => client.send(fixAt(nextTime(), place));
    await ready;
    await report(demo.inside);
    await page
      .getByTestId('devices-grid')
      .locator(`[role="row"][data-id="${demo.watch.id}"] [data-field="status"]`)
      .getByText('Online', { exact: true })
      .waitFor();
    await expectAccessible(page, "the caregiver's dashboard");
  });

  it('Poul leaves his geofence: a banner and a sound; the caregiver acknowledges it', async () => {
    const page = currentPage();
    const tones = await tonesStarted(page);
    await report(demo.outside);
    firstExit = await bannerShown(page, 'Outside geofence');
    await toneStartedSince(page, tones);

    await page.getByTestId(`alarm-banner-acknowledge-${firstExit}`).click();
    await page.getByTestId(`alarm-banner-${firstExit}`).waitFor({ state: 'detached' });
    await alarmRow(page, firstExit)
      .locator('[data-field="state"]')
      .getByText('Acknowledged', { exact: true })
      .waitFor();
  });

  it('he comes back inside: the incident is cleared', async () => {
    const page = currentPage();
    await report(demo.inside);
    await alarmRow(page, firstExit)
      .locator('[data-field="state"]')
      .getByText('Cleared', { exact: true })
      .waitFor();
    const alarm = await api<Alarm>(page, `/api/alarms/${firstExit}`);
    expect(alarm).toMatchObject({ kind: 'outsideGeofence', state: 'cleared' });
    expect(alarm.clearedAt).not.toBeNull();
    // Nothing is left to do on a cleared alarm.
    await expect(alarmRow(page, firstExit).getByTestId(`alarm-handle-${firstExit}`).count()).resolves.toBe(0);
  });

  it('he leaves again: a new incident with a new banner and a new sound', async () => {
    const page = currentPage();
    const tones = await tonesStarted(page);
    await report(demo.outside);
    const secondExit = await bannerShown(page, 'Outside geofence');
    expect(secondExit).not.toBe(firstExit);
    await toneStartedSince(page, tones);
    expect(await api<Alarm>(page, `/api/alarms/${secondExit}`)).toMatchObject({
      kind: 'outsideGeofence',
      state: 'open',
      count: 1,
    });
    await saveScreenshot(page, 'alarm-incidents-second-exit');
    await expectAccessible(page, 'the dashboard with a new exit banner');
    // Home again: this incident clears too, and the banner goes.
    await report(demo.inside);
    await page.getByTestId(`alarm-banner-${secondExit}`).waitFor({ state: 'detached' });
  });

  it('his watch sends a removal frame (status bit 20) over the watch protocol: "Watch removed" on screen', async () => {
    const page = currentPage();
    const tones = await tonesStarted(page);
    const socket = connect(watchPort, '127.0.0.1');
    await once(socket, 'connect');
    try {
      const answered = new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))));
      socket.write(watchFrame(demo.watch.imei, watchLocation('AL', nextTime(), demo.inside, '00100000')));
      // The watch's alarm frame is answered (after it was stored), as the protocol requires.
      expect(await answered).toContain('*AL]');
      const removal = await bannerShown(page, 'Watch removed');
      await toneStartedSince(page, tones);
      expect(await api<Alarm>(page, `/api/alarms/${removal}`)).toMatchObject({
        kind: 'removal',
        state: 'open',
      });
      await alarmRow(page, removal)
        .locator('[data-field="kind"]')
        .getByText('Watch removed', { exact: true })
        .waitFor();
      await saveScreenshot(page, 'alarm-incidents-watch-removed');
      await expectAccessible(page, 'the dashboard with a watch-removed banner');

      // Worn again (bit 20 clear): the incident is cleared and the banner goes.
      socket.write(watchFrame(demo.watch.imei, watchLocation('UD', nextTime(), demo.inside, '00000000')));
      await alarmRow(page, removal)
        .locator('[data-field="state"]')
        .getByText('Cleared', { exact: true })
        .waitFor();
      await page.getByTestId(`alarm-banner-${removal}`).waitFor({ state: 'detached' });
    } finally {
      socket.destroy();
    }
  });
});
