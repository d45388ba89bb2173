import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmsOf, givenWatch, outboxTo, report } from './modules/alarms/alarms-test-support';
import { citizenGeofences } from './modules/citizens/citizens.schema';
import {
  givenCircleFence,
  givenWornWatch,
  northOf,
  osmandReporter,
} from './modules/geofence-engine/geofence-engine-test-support';
import { geofenceEvents, geofenceGeneration } from './modules/geofence-engine/geofence-engine.schema';
import { maintainPositionPartitions } from './modules/telemetry/position-partitions';
import { givenDevice, postOsmand } from './modules/telemetry/telemetry-test-support';
import { buildTestApp, TEST_METRICS_TOKEN, type TestApp } from './test/build-test-app';
import { given } from './test/given';

/*
 * Two apps in one process, as tests build them, share no cache, counter or setting by accident:
 * each `buildApp` makes its own metrics registry, alarm links and telemetry pipeline (with its
 * geofence cache). Each app has its own database and configuration.
 */

const HOME = { lat: 56.1572, lon: 10.2107 };
const DAY_SECONDS = 24 * 60 * 60;

/** An app whose PUBLIC_URL (the branded client, where its alarm links point) is `publicUrl`. */
const appAt = (publicUrl: string) =>
  buildTestApp({
    publicUrl,
    signInClients: [
      { kind: 'branded', clientId: 'branded', origins: [publicUrl] },
      { kind: 'plug-and-play', clientId: 'plug-and-play', origins: ['https://pnp.example'] },
    ],
  });

let a: TestApp;
let b: TestApp;
let tenantA: string;
let tenantB: string;

beforeAll(async () => {
  a = await appAt('https://a.homeward.example');
  b = await appAt('https://b.homeward.example');
  tenantA = (await given(a.database.db).tenant()).id;
  tenantB = (await given(b.database.db).tenant()).id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const metricsOf = async (t: TestApp) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    })
  ).body;

const generationOf = async (t: TestApp) => {
  const [row] = await t.database.db
    .select({ generation: geofenceGeneration.generation })
    .from(geofenceGeneration);
  return row!.generation;
};

describe('two apps in one process', () => {
  it('count into their own metrics', async () => {
    // The months of the retention exist, as at every start-up: a report 200 days old is past them.
    await maintainPositionPartitions(a.database.db, new Date());
    const device = await givenDevice(a.database.db, tenantA);
    const longAgo = Math.floor(Date.now() / 1000) - 200 * DAY_SECONDS;
    const response = await postOsmand(a, { id: device.imei, timestamp: longAgo, lat: 55.1, lon: 9.1 });
    expect(response.statusCode).toBe(200);

    expect(await metricsOf(a)).toMatch(
      /^homeward_telemetry_expired_positions_total\{protocol="osmand"\} 1$/m,
    );
    expect(await metricsOf(b)).not.toMatch(/^homeward_telemetry_expired_positions_total\{/m);
  });

  it('count gateway input into their own metrics', async () => {
    // OsmAnd input without a device identifier: A's gateway counts it as bad, B never hears of it.
    const response = await a.app.inject({ method: 'GET', url: '/api/gateway/osmand?lat=55.1&lon=9.1' });
    expect(response.statusCode).toBe(400);

    expect(await metricsOf(a)).toMatch(/^homeward_gateway_bad_frames_total\{protocol="osmand"\} 1$/m);
    expect(await metricsOf(b)).not.toMatch(/^homeward_gateway_bad_frames_total\{/m);
  });

  it('link alarm messages to their own clients', async () => {
    for (const [t, tenantId] of [
      [a, tenantA],
      [b, tenantB],
    ] as const) {
      const { device, receiver } = await givenWatch(t, tenantId, { citizen: true });
      expect((await report(t, device.imei, 30, { alarm: 'sos' })).statusCode).toBe(200);
      const [alarm] = await alarmsOf(t, device.id);
      const [email] = await outboxTo(t, receiver!.email);
      expect(email!.body).toContain(`${t.config.publicUrl}/alarms?alarm=${alarm!.id}`);
    }
  });

  it('keep their own geofence cache: one app’s batches never start the other’s over', async () => {
    // B guards a citizen with a fence, and its engine has read her fences at B's generation.
    const fence = await givenCircleFence(b.database.db, tenantB, HOME, 200);
    const { device, citizenId } = await givenWornWatch(b, tenantB, [fence.id]);
    const reportToB = osmandReporter(b, device.imei);
    await reportToB(HOME.lat, HOME.lon, 10);
    // The link goes behind the cache's back (the generation put back), so only a cache that kept
    // what B read still guards her with the fence.
    const generationB = await generationOf(b);
    await b.database.db.delete(citizenGeofences).where(eq(citizenGeofences.citizenId, citizenId));
    await b.database.db.update(geofenceGeneration).set({ generation: generationB });

    // A's engine runs at a newer generation: a cache the apps shared would start over at it, and
    // B's next batch (at an older generation) would read her links again and find none.
    const fenceA = await givenCircleFence(a.database.db, tenantA, HOME, 200);
    const { device: deviceA } = await givenWornWatch(a, tenantA, [fenceA.id]);
    await a.database.db
      .update(geofenceGeneration)
      .set({ generation: sql`${geofenceGeneration.generation} + 100` });
    expect(await generationOf(a)).toBeGreaterThan(generationB);
    await osmandReporter(a, deviceA.imei)(HOME.lat, HOME.lon, 10);

    const far = northOf(HOME, 1500);
    await reportToB(far.lat, far.lon, 10);
    await reportToB(far.lat + 0.001, far.lon, 10);
    const events = await b.database.db
      .select()
      .from(geofenceEvents)
      .where(eq(geofenceEvents.deviceId, device.id));
    expect(events).toEqual([expect.objectContaining({ geofenceId: fence.id, kind: 'exit' })]);
  });
});
