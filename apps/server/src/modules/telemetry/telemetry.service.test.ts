import { connect } from 'node:net';
import type { RealtimeEvent } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { encodeWatchFrame } from '../gateways/watch/watch-frame';
import { devices } from '../devices/devices.schema';
import { wifiNetworks } from '../wifi-networks/wifi-networks.schema';
import { eq, sql } from 'drizzle-orm';
import { selectRows } from '../../platform/db/database';
import { createTelemetryService } from './telemetry.service';
import {
  deviceRow,
  eventually,
  givenDevice,
  givenWifiNetwork,
  positionsOf,
  postOsmand,
  randomMac,
  startWatchGateway,
  usePipelineTestApp,
} from './telemetry-test-support';

/**
 * The ingest pipeline end to end: real server, real database (PGlite, or PostgreSQL with
 * DATABASE_URL), real gateways and broker (embedded, or MQTT_URL's).
 */
let t: TestApp;
let tenantId: string;
const events: RealtimeEvent[] = [];
usePipelineTestApp((world) => ({ t, tenantId } = world), { events });

const positionCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from device_positions`))[0]!
    .n;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** A fix time a minute ago, whole seconds (the OsmAnd timestamp's resolution). */
const recently = () => new Date(Math.floor(Date.now() / 1000 - 60) * 1000);

const osmand = (query: Record<string, string | number>) => postOsmand(t, query);

describe('OsmAnd HTTP reports', () => {
  it('update the device state and store the position, with realtime events', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const at = recently();
    const response = await osmand({
      id: device.imei,
      timestamp: epochSeconds(at),
      lat: 56.15,
      lon: 10.2,
      batt: 77,
    });
    expect(response.statusCode, response.body).toBe(200);

    const row = await deviceRow(t.database.db, device.id);
    expect(row).toMatchObject({
      status: 'online',
      networkStatus: 'connected',
      battery: 77,
      latitude: 56.15,
      longitude: 10.2,
      locatedAt: at,
    });
    expect(row.lastSeenAt).not.toBeNull();
    const positions = await positionsOf(t.database.db, device.id);
    expect(positions).toMatchObject([
      {
        tenantId,
        source: 'gps',
        kind: 'position',
        protocol: 'osmand',
        latitude: 56.15,
        longitude: 10.2,
        battery: 77,
      },
    ]);
    await eventually(async () =>
      events.some((event) => event.type === 'position' && event.deviceId === device.id),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'device',
        tenantId,
        state: expect.objectContaining({ deviceId: device.id, status: 'online', batteryLevel: 77 }),
      }),
    );
  });

  it('stores a retried report once, and still answers it as from a known device', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const report = {
      deviceid: device.deviceIdentifier!,
      timestamp: epochSeconds(recently()),
      lat: 56.1,
      lon: 10.1,
    };
    expect((await osmand(report)).statusCode).toBe(200);
    expect((await osmand(report)).statusCode).toBe(200);
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
  });

  it('never moves the watch back for an older fix, but keeps it in the track', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const now = recently();
    await osmand({ id: device.imei, timestamp: epochSeconds(now), lat: 56.2, lon: 10.2 });
    await osmand({ id: device.imei, timestamp: epochSeconds(now) - 600, lat: 55.0, lon: 9.0 });
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ latitude: 56.2, locatedAt: now });
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(2);
  });

  it('stores nothing for an unknown device and refuses it', async () => {
    const before = await positionCount();
    const stranger = '356938035643809';
    const response = await osmand({ id: stranger, timestamp: epochSeconds(recently()), lat: 56, lon: 10 });
    expect(response.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/gateway/osmand',
      headers: { 'content-type': 'application/json' },
      payload: {
        device_id: stranger,
        location: { timestamp: new Date().toISOString(), coords: { latitude: 56, longitude: 10 } },
      },
    });
    expect(json.statusCode).toBe(404);
    expect(await positionCount()).toBe(before);
  });

  it('records no entity change for live state, but does for an edit of the device', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const changes = async () =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from entity_changes where entity_type = 'devices' and entity_id = ${device.id} and change_type = 'updated'`,
        )
      )[0]!.n;
    await osmand({ id: device.imei, timestamp: epochSeconds(recently()), lat: 56, lon: 10, batt: 50 });
    expect(await changes()).toBe(0);
    // Outside the pipeline (no live-state-only mark), a live-only change is still not an edit…
    await t.database.db.update(devices).set({ battery: 12 }).where(eq(devices.id, device.id));
    expect(await changes()).toBe(0);
    // …and an edit is recorded, also on a pooled connection a pipeline transaction used before.
    await t.database.db.update(devices).set({ name: 'Renamed' }).where(eq(devices.id, device.id));
    expect(await changes()).toBe(1);
  });

  it('notices a remembered device that was deleted, and stores nothing for it', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const at = epochSeconds(recently());
    expect((await osmand({ id: device.imei, timestamp: at, lat: 56, lon: 10 })).statusCode).toBe(200);
    await t.database.db.delete(devices).where(eq(devices.id, device.id));
    expect((await osmand({ id: device.imei, timestamp: at + 1, lat: 56, lon: 10 })).statusCode).toBe(400);
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(0);
  });

  it('widens an automatic network’s bounds with a GPS fix heard with its MAC, never a manual one', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const [automaticMac, manualMac] = [randomMac(), randomMac()];
    const automatic = await givenWifiNetwork(t.database.db, tenantId, {
      mac: automaticMac,
      trustLevel: 'trusted',
      type: 'automatic',
      latitude: 56.1,
      longitude: 10.1,
    });
    const manual = await givenWifiNetwork(t.database.db, tenantId, {
      mac: manualMac,
      trustLevel: 'trusted',
      latitude: 56.1,
      longitude: 10.1,
    });
    const search = new URLSearchParams([
      ['id', device.imei],
      ['timestamp', String(epochSeconds(recently()))],
      ['lat', '56.101'],
      ['lon', '10.102'],
      ['wifi', `${automaticMac.replace(/:/g, '-')},-60`],
      ['wifi', `${manualMac},-70`],
    ]);
    expect((await t.app.inject({ method: 'POST', url: `/api/gateway/osmand?${search}` })).statusCode).toBe(
      200,
    );
    const network = async (id: string) =>
      (await t.database.db.select().from(wifiNetworks).where(eq(wifiNetworks.id, id)))[0]!;
    expect(await network(automatic.id)).toMatchObject({
      minLatitude: 56.101,
      maxLatitude: 56.101,
      minLongitude: 10.102,
      maxLongitude: 10.102,
    });
    expect(await network(manual.id)).toMatchObject({ minLatitude: null, latitude: 56.1 });
  });
});

describe('3G watch reports over TCP', () => {
  it('locate a Wi-Fi-only report from trusted networks, never from untrusted ones', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const [home, neighbour, stranger] = [randomMac(), randomMac(), randomMac()];
    await givenWifiNetwork(t.database.db, tenantId, {
      mac: home,
      trustLevel: 'trusted',
      latitude: 56.0,
      longitude: 10.0,
    });
    await givenWifiNetwork(t.database.db, tenantId, {
      mac: neighbour,
      trustLevel: 'trusted',
      latitude: 56.002,
      longitude: 10.0,
    });
    // Louder than both, far away: it would pull the fix if it were used.
    await givenWifiNetwork(t.database.db, tenantId, {
      mac: stranger,
      trustLevel: 'untrusted',
      latitude: 40,
      longitude: 0,
    });

    const { port, gateways } = await startWatchGateway(t.database.db);
    try {
      const now = new Date();
      const date = now.toISOString().slice(2, 10).split('-').reverse().join('');
      const time = now.toISOString().slice(11, 19).replace(/:/g, '');
      const content = [
        'UD2',
        date,
        time,
        'V',
        '0',
        'N',
        '0',
        'E',
        '0',
        '0',
        '0',
        '0',
        '20',
        '64',
        '0',
        '0',
        '00000000',
        '0',
        '3',
        'Home',
        home,
        '-50',
        'Neighbour',
        neighbour,
        '-70',
        'Stranger',
        stranger,
        '-30',
        '15',
      ].join(',');
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(encodeWatchFrame({ manufacturer: '3G', deviceId: device.deviceIdentifier! }, content));
      const [position] = await eventually(async () => {
        const rows = await positionsOf(t.database.db, device.id);
        return rows.length > 0 ? rows : null;
      });
      socket.destroy();
      expect(position).toMatchObject({ source: 'wifi', protocol: 'watch', battery: 64 });
      // RSSI-weighted: 20 dB louder pulls ten times harder, so the fix is near home.
      expect(position!.latitude).toBeGreaterThan(56.0);
      expect(position!.latitude).toBeLessThan(56.0005);
      expect(position!.longitude).toBeCloseTo(10.0, 6);
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'online', battery: 64 });
    } finally {
      await gateways.close();
    }
  });
});

describe('MQTT reports', () => {
  it('are stored when published through the broker', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const deviceTime = recently().toISOString();
    await t.mqtt.publish(
      `homeward/devices/${device.imei}/report`,
      JSON.stringify({
        deviceTime,
        position: { lat: 56.3, lon: 10.3, valid: true },
        battery: { percent: 55 },
      }),
    );
    const [position] = await eventually(async () => {
      const rows = await positionsOf(t.database.db, device.id);
      return rows.length > 0 ? rows : null;
    });
    expect(position).toMatchObject({ source: 'gps', protocol: 'mqtt', latitude: 56.3, battery: 55 });
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ battery: 55, status: 'online' });
  });
});

describe('batched ingest (group commit)', () => {
  const reportOf = (imei: string, at: Date, lat: number) => ({
    deviceIdentifier: imei,
    protocol: 'osmand' as const,
    deviceTime: at.toISOString(),
    receivedAt: new Date().toISOString(),
    kind: 'position' as const,
    position: { lat, lon: 10.2, valid: true },
    battery: { percent: 60 },
    cells: [],
    wifis: [],
    alarms: [],
    attributes: {},
  });

  it('applies many concurrent reports: each stored once, and each watch where its newest report put it', async () => {
    const sink = createTelemetryService({ db: t.database.db, maxBatch: 16 });
    const watches = await Promise.all(Array.from({ length: 20 }, () => givenDevice(t.database.db, tenantId)));
    const base = recently().getTime();
    // Three reports per watch, all at once, each sent twice: batches must keep a watch's order
    // and store a retry nothing the second time.
    const reports = watches.flatMap((watch, index) =>
      [0, 1, 2].map((step) =>
        reportOf(watch.imei, new Date(base + step * 1000), 56 + index / 100 + step / 10_000),
      ),
    );
    const answers = await Promise.all([...reports, ...reports].map((report) => sink.handleReport(report)));
    expect(answers.every((answer) => answer.deviceKnown && answer.commandQueued === false)).toBe(true);

    for (const [index, watch] of watches.entries()) {
      expect(await positionsOf(t.database.db, watch.id)).toHaveLength(3);
      const row = await deviceRow(t.database.db, watch.id);
      expect(row.latitude).toBeCloseTo(56 + index / 100 + 2 / 10_000, 9);
      expect(row.locatedAt).toEqual(new Date(base + 2000));
    }
  });

  it('fails only the report the database refuses, not the others of its batch', async () => {
    const sink = createTelemetryService({ db: t.database.db });
    const [refused, ...others] = await Promise.all(
      Array.from({ length: 4 }, () => givenDevice(t.database.db, tenantId)),
    );
    // No partition holds 2045 (a report the gateways' time rule would have replaced): the insert fails.
    const submitted = [
      sink.handleReport(reportOf(refused!.imei, new Date('2045-01-01T00:00:00Z'), 56)),
      ...others.map((watch) => sink.handleReport(reportOf(watch.imei, recently(), 56.1))),
    ];
    const settled = await Promise.allSettled(submitted);
    expect(settled[0]!.status).toBe('rejected');
    expect(settled.slice(1).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await positionsOf(t.database.db, refused!.id)).toEqual([]);
    expect((await deviceRow(t.database.db, refused!.id)).lastSeenAt).toBeNull();
    for (const watch of others) expect(await positionsOf(t.database.db, watch.id)).toHaveLength(1);
  });
});
