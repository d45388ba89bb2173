import { ROUTE_MAX_POINTS, type CitizenRoute } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  citizensTenant,
  createCitizen,
  fieldErrors,
  type CitizensTenant,
} from '../citizens/citizens-test-support';
import { METERS_PER_DEGREE } from '../geofence-engine/geometry';
import { devicePositions } from '../telemetry/telemetry.schema';
import { localDayBounds } from './local-day';

let t: TestApp;
let a: CitizensTenant;
let b: CitizensTenant;

const ZONE = 'Europe/Copenhagen';
/** Yesterday in Copenhagen: whole, and inside the kept position partitions. */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() - 86_400_000));
const { from: DAY_START, to: DAY_END } = localDayBounds(DAY, ZONE);
/** 10:00 local time plus `minutes`. */
const at = (minutes: number) => new Date(DAY_START.getTime() + (600 + minutes) * 60_000);
/** The centre of the test geofence (`given.geofence`: a 200 m circle) and points north of it. */
const north = (meters: number) => ({ latitude: 56.1572 + meters / METERS_PER_DEGREE, longitude: 10.2107 });

beforeAll(async () => {
  t = await buildTestApp();
  a = await citizensTenant(t);
  b = await citizensTenant(t);
});
afterAll(async () => {
  await t.close();
});

async function givenFixes(
  tenant: CitizensTenant,
  deviceId: string,
  fixes: { time: Date; meters: number; valid?: boolean }[],
) {
  await t.database.db.insert(devicePositions).values(
    fixes.map(({ time, meters, valid }) => ({
      tenantId: tenant.tenant.id,
      deviceId,
      deviceTime: time,
      receivedAt: time,
      kind: 'position' as const,
      protocol: 'osmand',
      source: 'gps' as const,
      ...north(meters),
      accuracyMeters: 5,
      valid: valid ?? true,
    })),
  );
}

const route = (tenant: CitizensTenant, citizenId: string, query = `date=${DAY}&timeZone=${ZONE}`) =>
  tenant.admin.send('GET', `/api/citizens/${citizenId}/route?${query}`);

describe('citizen route', () => {
  it('answers the day’s track of the linked watches with its stops and geofence exits and entries', async () => {
    const citizen = await createCitizen(a, { deviceIds: [a.deviceIds[0]], geofenceIds: [a.geofenceIds[0]] });
    // Home (inside the 200 m fence), out 400 m north for a 6-minute stop, back home.
    await givenFixes(a, a.deviceIds[0]!, [
      { time: at(0), meters: 0 },
      { time: at(1), meters: 100 },
      { time: at(2), meters: 250 },
      { time: at(3), meters: 400 },
      { time: at(5), meters: 410 },
      { time: at(9), meters: 395 },
      { time: at(10), meters: 300 },
      { time: at(11), meters: 150 },
      { time: at(12), meters: 0 },
      { time: at(13), meters: 900, valid: false },
      // The day before and the day after are other days.
      { time: new Date(DAY_START.getTime() - 60_000), meters: 5000 },
      { time: DAY_END, meters: 5000 },
    ]);
    // Another citizen's watch on the same day is not this citizen's track.
    await givenFixes(a, a.deviceIds[1]!, [{ time: at(4), meters: 2000 }]);

    const response = await route(a, citizen.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CitizenRoute>();
    expect(body).toMatchObject({
      citizenId: citizen.id,
      date: DAY,
      timeZone: ZONE,
      from: DAY_START.toISOString(),
      to: DAY_END.toISOString(),
      totalPoints: 9,
      noFixCount: 1,
    });
    expect(body.points.map((point) => point.at)).toEqual(
      [0, 1, 2, 3, 5, 9, 10, 11, 12].map((minutes) => at(minutes).toISOString()),
    );
    expect(body.points.every((point) => point.deviceId === a.deviceIds[0])).toBe(true);
    expect(body.stops).toHaveLength(1);
    expect(body.stops[0]).toMatchObject({
      start: at(3).toISOString(),
      end: at(9).toISOString(),
      durationSeconds: 360,
    });
    const geofenceName = body.crossings[0]?.geofenceName;
    expect(geofenceName).toMatch(/^Geofence /);
    expect(body.crossings).toEqual([
      expect.objectContaining({ at: at(2).toISOString(), kind: 'exit', geofenceId: a.geofenceIds[0] }),
      expect.objectContaining({ at: at(11).toISOString(), kind: 'entry', geofenceName }),
    ]);
  });

  it('thins a long day to the bound, with the stops found on every fix', async () => {
    const citizen = await createCitizen(a, { deviceIds: [a.deviceIds[3]] });
    // 10,050 fixes 5 s apart from 01:00, all at one place: one stop of the whole time.
    const count = ROUTE_MAX_POINTS + 50;
    const first = new Date(DAY_START.getTime() + 3_600_000);
    const fixes = Array.from({ length: count }, (_, index) => ({
      time: new Date(first.getTime() + index * 5000),
      meters: index % 7,
    }));
    for (let start = 0; start < count; start += 2000) {
      await givenFixes(a, a.deviceIds[3]!, fixes.slice(start, start + 2000));
    }
    const body = (await route(a, citizen.id)).json<CitizenRoute>();
    expect(body.totalPoints).toBe(count);
    expect(body.points.length).toBeLessThanOrEqual(ROUTE_MAX_POINTS);
    expect(body.points[0]!.at).toBe(first.toISOString());
    expect(body.points.at(-1)!.at).toBe(fixes.at(-1)!.time.toISOString());
    expect(body.stops).toEqual([
      expect.objectContaining({ start: first.toISOString(), durationSeconds: (count - 1) * 5 }),
    ]);
  });

  it('answers an empty day, and a citizen without watches, as empty', async () => {
    const citizen = await createCitizen(a);
    const response = await route(a, citizen.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CitizenRoute>()).toMatchObject({
      points: [],
      stops: [],
      crossings: [],
      totalPoints: 0,
    });
  });

  it('takes UTC when no time zone is given', async () => {
    const citizen = await createCitizen(a);
    const response = await route(a, citizen.id, 'date=2026-01-15');
    expect(response.json<CitizenRoute>()).toMatchObject({
      timeZone: 'UTC',
      from: '2026-01-15T00:00:00.000Z',
      to: '2026-01-16T00:00:00.000Z',
    });
  });

  it('refuses a bad date or time zone with field errors', async () => {
    const citizen = await createCitizen(a);
    for (const [query, field] of [
      ['date=2026-02-30', 'date'],
      ['date=yesterday', 'date'],
      ['', 'date'],
      ['date=2026-01-15&timeZone=Mars/Olympus', 'timeZone'],
      ['date=2026-01-15&timeZone=', 'timeZone'],
    ] as const) {
      const response = await route(a, citizen.id, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(fieldErrors(response)?.map((error) => error.field)).toContain(field);
    }
    expect((await a.admin.send('GET', `/api/citizens/not-a-uuid/route?date=${DAY}`)).statusCode).toBe(400);
  });

  it('is another tenant’s citizen: not found', async () => {
    const citizen = await createCitizen(a, { deviceIds: [a.deviceIds[2]] });
    await givenFixes(a, a.deviceIds[2]!, [{ time: at(0), meters: 0 }]);
    const response = await route(b, citizen.id);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(a.deviceIds[2]);
  });

  it('needs the citizens permission', async () => {
    const citizen = await createCitizen(a);
    const caller = await a.caller(['Homeward.Devices']);
    const response = await caller.send('GET', `/api/citizens/${citizen.id}/route?date=${DAY}`);
    expect(response.statusCode).toBe(403);
  });
});
