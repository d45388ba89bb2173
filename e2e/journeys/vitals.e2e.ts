import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Citizen, CitizenList, Vitals } from '@homeward/contracts';
import { watchFrame } from '@homeward/simulator';
import { expectAccessible } from '../support/accessibility';
import { apiRequest, passwordGrant } from '../support/accounts';
import { apiGet } from '../support/api';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const watchPort = inject('watchPort');

/** The readings of the last hours, a quarter of an hour apart: a resting pulse and a steady SpO2. */
const HISTORY = Array.from({ length: 16 }, (_, index) => ({
  minutesAgo: 240 - index * 15,
  heartRate: 68 + ((index * 7) % 11),
  spo2: 95 + (index % 4),
}));

/**
 * Sends 3G watch frames over the real TCP gateway, each followed by an `LK`, and resolves once the
 * `LK` is answered: the gateway answers in order after a frame's batch committed, so the readings
 * are stored by then.
 */
async function sendWatchFrames(imei: string, contents: string[]) {
  const socket = connect(watchPort, '127.0.0.1');
  await once(socket, 'connect');
  try {
    let answers = '';
    socket.on('data', (chunk: Buffer) => (answers += chunk.toString('latin1')));
    for (const [index, content] of contents.entries()) {
      socket.write(Buffer.concat([watchFrame(imei, content), watchFrame(imei, 'LK')]));
      while (answers.split('*LK]').length - 1 <= index) await once(socket, 'data');
    }
  } finally {
    socket.destroy();
  }
}

describe('vitals journey: the watch measures pulse, blood pressure and SpO2; the caregiver sees them', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let citizen: Citizen;

  beforeAll(async () => {
    // Poul (a demo citizen) and his watch, as staff find them.
    const staff = await passwordGrant(baseUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    const list = (await (
      await apiRequest(baseUrl, '/api/citizens?filter=Poul', { token: staff })
    ).json()) as CitizenList;
    citizen = (await (
      await apiRequest(baseUrl, `/api/citizens/${list.items[0]!.id}`, { token: staff })
    ).json()) as Citizen;
  });

  it('the watch’s earlier readings arrive, then its health frames over TCP', async () => {
    const imei = citizen.devices[0]!.imei;
    // The afternoon so far, as a watch re-sends buffered readings with their times (OsmAnd, no fix).
    for (const reading of HISTORY) {
      const timestamp = Math.floor((Date.now() - reading.minutesAgo * 60_000) / 1000);
      const response = await fetch(
        `${baseUrl}/api/gateway/osmand?id=${imei}&timestamp=${timestamp}&heartRate=${reading.heartRate}&spo2=${reading.spo2}`,
        { method: 'POST' },
      );
      expect(response.status).toBe(200);
    }
    // Now: blood pressure with pulse (`bphrt`), then SpO2 (`oxygen`), as the 3G watch sends them.
    await sendWatchFrames(imei, ['bphrt,128,82,76,,,,', 'oxygen,0,97']);
  });

  it('the caregiver opens Poul’s page: the Vitals section shows the latest values and the chart', async () => {
    const page = currentPage();
    await page.goto(`/citizens/${citizen.id}`);
    await signInOnProviderPage(page, 'caregiver', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/citizens/${citizen.id}`);
    const section = page.getByRole('region', { name: 'Vitals' });
    await section.getByRole('heading', { name: 'Vitals' }).waitFor();
    await section.getByRole('group', { name: 'Heart rate' }).getByText('76 bpm').waitFor();
    await section.getByRole('group', { name: 'Blood oxygen (SpO₂)' }).getByText('97 %').waitFor();
    await section.getByRole('group', { name: 'Blood pressure' }).getByText('128/82 mmHg').waitFor();
    await section.getByTestId('vital-chart-heartRate').locator('svg').first().waitFor();
    await section.getByTestId('vital-chart-spo2').locator('svg').first().waitFor();
    // The caregiver may change nothing on a citizen: no alarm limits to edit.
    expect(await section.getByRole('button', { name: 'Alarm limits' }).count()).toBe(0);

    const vitals = await apiGet<Vitals>(page, baseUrl, `/api/citizens/${citizen.id}/vitals?period=day`);
    expect(vitals.latest.heartRate?.value).toBe(76);
    expect(vitals.latest.spo2?.value).toBe(97);
    expect(vitals.series.heartRate.length).toBeGreaterThanOrEqual(HISTORY.length);

    await expectAccessible(page, 'the citizen page with vitals');
    await saveScreenshot(page, 'vitals-1-chart');
  });
});
