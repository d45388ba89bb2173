import type { LiveMap, LiveMapCitizen } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { givenMapAlarm, givenMapCitizen } from './live-map-test-support';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
let caregiver: TestTokens;
let noCitizens: TestTokens;
let stranger: TestTokens;

beforeAll(async () => {
  t = await buildTestApp();
  ({
    tenantId,
    otherTenantId,
    admin: caregiver,
    viewer: noCitizens,
    otherTenantAdmin: stranger,
  } = await signInTenantCallers(t, { admin: ['Homeward.Citizens'], viewer: ['Homeward.Devices'] }));
});
afterAll(async () => {
  await t.close();
});

const liveMap = (tokens?: TestTokens) =>
  t.app.inject({ url: '/api/live-map', headers: tokens ? bearer(tokens) : {} });

async function mapOf(tokens: TestTokens): Promise<LiveMap> {
  const response = await liveMap(tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * 60_000);

describe('GET /api/live-map', () => {
  it('lists each citizen with the watch last seen, its position, state and most severe open alarm', async () => {
    const db = t.database.db;
    const walker = await givenMapCitizen(db, tenantId, [
      { status: 'offline', latitude: 55.0, longitude: 9.0, lastSeenAt: minutesAgo(600), battery: 5 },
      {
        status: 'online',
        latitude: 56.15,
        longitude: 10.2,
        locatedAt: minutesAgo(3),
        lastSeenAt: minutesAgo(1),
        battery: 64,
      },
    ]);
    const current = walker.deviceIds[1]!;
    await givenMapAlarm(
      db,
      tenantId,
      { citizenId: walker.id, deviceId: current },
      'lowBattery',
      'acknowledged',
    );
    await givenMapAlarm(db, tenantId, { citizenId: walker.id, deviceId: walker.deviceIds[0]! }, 'sos');
    await givenMapAlarm(db, tenantId, { citizenId: walker.id, deviceId: current }, 'fall', 'handled');
    const noFix = await givenMapCitizen(db, tenantId, [
      {
        status: 'outsideGeofence',
        latitude: 56.2,
        longitude: 10.1,
        locationValid: false,
        locatedAt: minutesAgo(20),
        lastSeenAt: minutesAgo(20),
      },
    ]);
    const neverLocated = await givenMapCitizen(db, tenantId, [{ status: 'unknown' }]);
    await givenMapAlarm(
      db,
      tenantId,
      { citizenId: neverLocated.id, deviceId: neverLocated.deviceIds[0]! },
      'outsideGeofence',
    );
    const withoutWatch = await givenMapCitizen(db, tenantId);

    const map = await mapOf(caregiver);
    const byId = new Map(map.items.map((item) => [item.citizenId, item]));
    expect(byId.get(walker.id)).toEqual<LiveMapCitizen>({
      citizenId: walker.id,
      name: `Karen ${walker.surname}`,
      organizationId: walker.organizationId,
      organizationName: expect.stringMatching(/^Organization /) as unknown as string,
      deviceId: current,
      status: 'online',
      latitude: 56.15,
      longitude: 10.2,
      locationValid: true,
      locatedAt: minutesAgo(3).toISOString(),
      lastSeenAt: minutesAgo(1).toISOString(),
      battery: 64,
      outsideGeofence: false,
      // The SOS of her other watch outranks the acknowledged low battery; the handled fall is over.
      alarm: { kind: 'sos', count: 2 },
    });
    expect(byId.get(noFix.id)).toMatchObject({
      locationValid: false,
      latitude: 56.2,
      outsideGeofence: true,
      alarm: null,
    });
    expect(byId.get(neverLocated.id)).toMatchObject({
      deviceId: neverLocated.deviceIds[0],
      latitude: null,
      longitude: null,
      locatedAt: null,
      status: 'unknown',
      outsideGeofence: true,
      alarm: { kind: 'outsideGeofence', count: 1 },
    });
    expect(byId.get(withoutWatch.id)).toMatchObject({
      deviceId: null,
      status: null,
      latitude: null,
      battery: null,
      outsideGeofence: false,
      alarm: null,
    });
    expect(Date.parse(map.at)).not.toBeNaN();
  });

  it('shows one tenant none of another tenant’s citizens', async () => {
    const mine = await givenMapCitizen(t.database.db, tenantId, [
      { status: 'online', latitude: 56, longitude: 10, lastSeenAt: minutesAgo(1) },
    ]);
    const theirs = await givenMapCitizen(t.database.db, otherTenantId, [
      { status: 'online', latitude: 57, longitude: 11, lastSeenAt: minutesAgo(1) },
    ]);
    const ours = await liveMap(caregiver);
    expect(ours.body).toContain(mine.id);
    expect(ours.body).not.toContain(theirs.id);
    const other = await liveMap(stranger);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain(theirs.id);
    expect(other.body).not.toContain(mine.id);
    expect(other.body).not.toContain(mine.deviceIds[0]!);
  });

  it('needs the citizens permission and a signed-in user', async () => {
    expect((await liveMap(noCitizens)).statusCode).toBe(403);
    expect((await liveMap()).statusCode).toBe(401);
  });
});
