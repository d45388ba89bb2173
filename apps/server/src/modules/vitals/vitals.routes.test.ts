import { NO_VITAL_THRESHOLDS } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { givenWatch } from '../alarms/alarms-test-support';
import { givenReadings, VITAL_LIMITS } from './vitals-test-support';

let t: TestApp;
let tenantId: string;
let editor: TestTokens;
let reader: TestTokens;
let stranger: TestTokens;
let readerWithoutCitizens: TestTokens;

/** The end of every window asked for: a whole minute an hour ago. */
const END = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
const minutesBefore = (minutes: number) => new Date(END.getTime() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  ({
    tenantId,
    admin: editor,
    viewer: readerWithoutCitizens,
    otherTenantAdmin: stranger,
  } = await signInTenantCallers(t, {
    admin: ['Homeward.Citizens', 'Homeward.Citizens.Edit'],
    viewer: ['Homeward.Devices'],
  }));
  reader = await signIn(t, await given(t.database.db).user({ tenantId, permissions: ['Homeward.Citizens'] }));
});
afterAll(async () => {
  await t.close();
});

const get = (tokens: TestTokens, url: string) => t.app.inject({ url, headers: bearer(tokens) });
const put = (tokens: TestTokens, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(tokens), payload });
const vitals = (tokens: TestTokens, citizenId: string, query = '') =>
  get(tokens, `/api/citizens/${citizenId}/vitals?end=${encodeURIComponent(END.toISOString())}${query}`);

describe('vitals of a citizen', () => {
  it('buckets each measure over the period, with each measure’s latest reading', async () => {
    const { device, citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const owner = { tenantId, deviceId: device.id, citizenId: citizenId! };
    await givenReadings(t.database.db, owner, [
      // Before the day: only the latest temperature comes from here.
      [minutesBefore(3000), { temperature: 36.9 }],
      [minutesBefore(120.5), { heartRate: 70, systolic: 120, diastolic: 80 }],
      [minutesBefore(120.4), { heartRate: 80 }],
      [minutesBefore(60), { spo2: 97 }],
      [minutesBefore(1), { heartRate: 75, spo2: 95 }],
      // After the end: not seen.
      [new Date(END.getTime() + 60_000), { heartRate: 200 }],
    ]);
    const response = await vitals(reader, citizenId!, '&period=day');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      citizenId,
      period: 'day',
      bucketSeconds: 173,
      from: minutesBefore(1440).toISOString(),
      to: END.toISOString(),
      latest: {
        heartRate: { at: minutesBefore(1).toISOString(), value: 75 },
        spo2: { at: minutesBefore(1).toISOString(), value: 95 },
        systolic: { at: minutesBefore(120.5).toISOString(), value: 120 },
        diastolic: { at: minutesBefore(120.5).toISOString(), value: 80 },
        temperature: { at: minutesBefore(3000).toISOString(), value: 36.9 },
      },
    });
    // The two heart rates 6 s apart share a bucket (their mean); the temperature is outside the day.
    expect(body.series.heartRate.map((point: { value: number }) => point.value)).toEqual([75, 75]);
    expect(body.series.heartRate[0]).toMatchObject({ min: 70, max: 80 });
    expect(body.series.spo2.map((point: { value: number }) => point.value)).toEqual([97, 95]);
    expect(body.series.systolic).toHaveLength(1);
    expect(body.series.temperature).toEqual([]);
    for (const point of body.series.heartRate) {
      expect((Date.parse(point.at) - minutesBefore(1440).getTime()) % 173_000).toBe(0);
    }

    // A month holds the temperature too; a citizen without readings has empty series.
    const month = (await vitals(reader, citizenId!, '&period=month')).json();
    expect(month.series.temperature).toEqual([expect.objectContaining({ value: 36.9 })]);
    const quiet = await givenWatch(t, tenantId, { citizen: true });
    expect((await vitals(reader, quiet.citizenId!)).json()).toMatchObject({
      series: { heartRate: [], spo2: [] },
      latest: { heartRate: null, spo2: null, temperature: null },
    });
  });

  it('is the tenant’s own, needs the citizens permission, and refuses a bad period', async () => {
    const { citizenId } = await givenWatch(t, tenantId, { citizen: true });
    expect((await vitals(stranger, citizenId!)).statusCode).toBe(404);
    expect((await vitals(readerWithoutCitizens, citizenId!)).statusCode).toBe(403);
    const bad = await vitals(reader, citizenId!, '&period=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].field).toBe('period');
    expect((await get(reader, '/api/citizens/not-a-uuid/vitals')).statusCode).toBe(400);
  });
});

describe('vital thresholds of a citizen', () => {
  it('has none until saved, then answers what was saved', async () => {
    const { citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const url = `/api/citizens/${citizenId}/vital-thresholds`;
    expect((await get(reader, url)).json()).toEqual({ citizenId, ...NO_VITAL_THRESHOLDS, updatedAt: null });
    const saved = await put(editor, url, VITAL_LIMITS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ citizenId, ...VITAL_LIMITS, updatedAt: expect.any(String) });
    expect((await get(reader, url)).json()).toMatchObject(VITAL_LIMITS);
    // Saved again with fewer limits: the others are gone.
    const fewer = { ...VITAL_LIMITS, systolicMax: null, temperatureMin: null, temperatureMax: null };
    expect((await put(editor, url, fewer)).json()).toMatchObject(fewer);
  });

  it('refuses a minimum not below its maximum, values no body shows, and missing fields', async () => {
    const { citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const url = `/api/citizens/${citizenId}/vital-thresholds`;
    const crossed = await put(editor, url, { ...VITAL_LIMITS, heartRateMin: 150, temperatureMin: 38.5 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.validationErrors).toEqual([
      { field: 'heartRateMax', message: 'vitals:validation.minBelowMax', params: { min: 150 } },
      { field: 'temperatureMax', message: 'vitals:validation.minBelowMax', params: { min: 38.5 } },
    ]);
    const implausible = await put(editor, url, { ...VITAL_LIMITS, spo2Min: 120, heartRateMax: 80.5 });
    expect(implausible.statusCode).toBe(400);
    expect(
      implausible
        .json()
        .error.validationErrors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['heartRateMax', 'spo2Min']);
    const missing = await put(editor, url, { heartRateMin: 40 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.validationErrors.map((error: { field: string }) => error.field)).toContain(
      'spo2Min',
    );
    expect((await get(reader, url)).json().updatedAt).toBeNull();
  });

  it('is read with the citizens permission, saved only with Edit, and never across tenants', async () => {
    const { citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const url = `/api/citizens/${citizenId}/vital-thresholds`;
    expect((await put(reader, url, VITAL_LIMITS)).statusCode).toBe(403);
    expect((await get(readerWithoutCitizens, url)).statusCode).toBe(403);
    expect((await put(stranger, url, VITAL_LIMITS)).statusCode).toBe(404);
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await get(reader, url)).json().updatedAt).toBeNull();
  });
});
