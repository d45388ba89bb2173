import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { givenDevice } from '../telemetry/telemetry-test-support';
import { devicePositions } from '../telemetry/telemetry.schema';

let t: TestApp;
let tenantId: string;
let staff: TestTokens;
let stranger: TestTokens;
let noDevices: TestTokens;

/** The end of every window asked for: a whole minute an hour ago, inside the current partitions. */
const END = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
const minutesBefore = (minutes: number) => new Date(END.getTime() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  ({
    tenantId,
    admin: staff,
    viewer: noDevices,
    otherTenantAdmin: stranger,
  } = await signInTenantCallers(t, { admin: ['Homeward.Devices'], viewer: ['Homeward.Customers'] }));
});
afterAll(async () => {
  await t.close();
});

/** Stored reports of the watch: one per (minutes before END, battery); null battery = none reported. */
async function givenReports(db: Database, deviceId: string, reports: [number, number | null][]) {
  await db.insert(devicePositions).values(
    reports.map(([minutes, battery]) => ({
      tenantId,
      deviceId,
      deviceTime: minutesBefore(minutes),
      receivedAt: minutesBefore(minutes),
      kind: 'position' as const,
      protocol: 'osmand',
      source: 'gps' as const,
      latitude: 56.15,
      longitude: 10.2,
      battery,
    })),
  );
}

const levels = (tokens: TestTokens, deviceId: string, query = '') =>
  t.app.inject({
    url: `/api/devices/${deviceId}/battery-levels?end=${encodeURIComponent(END.toISOString())}${query}`,
    headers: bearer(tokens),
  });

describe('battery levels', () => {
  it('averages a day of frequent reports into at most 500 buckets, with the latest and lowest reading', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    // One report a minute for a day: 1440 reports, battery falling from 100 to 28 and a dip to 5.
    const reports: [number, number | null][] = Array.from({ length: 1440 }, (_, index) => [
      1439 - index + 0.5,
      100 - Math.floor(index / 20),
    ]);
    reports.push([600.25, 5], [100.25, null]);
    await givenReports(t.database.db, device.id, reports);

    const response = await levels(staff, device.id, '&period=day');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      deviceId: device.id,
      period: 'day',
      bucketSeconds: 173,
      from: minutesBefore(1440).toISOString(),
      to: END.toISOString(),
      latest: { at: minutesBefore(0.5).toISOString(), battery: 29 },
      lowest: { at: minutesBefore(600.25).toISOString(), battery: 5 },
    });
    expect(body.points.length).toBeGreaterThan(400);
    expect(body.points.length).toBeLessThanOrEqual(500);
    // Buckets start at the window's start, 173 s apart, and hold the mean of their reports.
    const first = body.points[0];
    expect(first.at).toBe(minutesBefore(1440).toISOString());
    expect(first).toMatchObject({ battery: 100, min: 100, max: 100 });
    const dip = body.points.find((point: { min: number }) => point.min === 5);
    expect(dip.max).toBeGreaterThan(5);
    expect(dip.battery).toBeLessThan(dip.max);
    const times = body.points.map((point: { at: string }) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const time of times) expect((time - times[0]) % 173_000).toBe(0);
  });

  it('buckets a week and a month coarser, and leaves out reports outside the period', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await givenReports(t.database.db, device.id, [
      [60, 80],
      [61, 70],
      [3 * 1440, 50],
      [20 * 1440, 20],
    ]);
    const week = (await levels(staff, device.id, '&period=week')).json();
    expect(week.bucketSeconds).toBe(1210);
    expect(week.points.map((point: { battery: number }) => point.battery)).toEqual([50, 75]);
    expect(week.lowest.battery).toBe(50);
    const month = (await levels(staff, device.id, '&period=month')).json();
    expect(month.bucketSeconds).toBe(5184);
    expect(month.points).toHaveLength(3);
    expect(month.lowest.battery).toBe(20);
    // Without reports the answer is empty rather than an error.
    const quiet = await givenDevice(t.database.db, tenantId);
    expect((await levels(staff, quiet.id)).json()).toMatchObject({ points: [], latest: null, lowest: null });
  });

  it('is the tenant’s own, needs the devices permission, and refuses a bad period', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    expect((await levels(stranger, device.id)).statusCode).toBe(404);
    expect((await levels(noDevices, device.id)).statusCode).toBe(403);
    const bad = await levels(staff, device.id, '&period=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].field).toBe('period');
  });
});
