import { TELEMETRY_SETTINGS, type RealtimeEvent } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { parseRealtimePayload, REALTIME_CHANNEL } from '../../platform/realtime/realtime-publish';
import { settings } from '../settings/settings.schema';
import { given } from '../../test/given';
import { queueDeviceCommand, findDeviceCommands } from '../device-commands/device-command-queue.repository';
import { markOfflineDevices } from './offline-devices';
import { listPositionPartitions, maintainPositionPartitions } from './position-partitions';
import { createTelemetryService } from './telemetry.service';
import { deviceRow, eventually, givenDevice, givenProduct } from './telemetry-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

let database: TestDatabase;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  tenantId = (await given(database.db).tenant()).id;
});
afterAll(async () => {
  await database?.drop();
});

const MINUTE = 60_000;

describe('the offline job', () => {
  it('marks devices silent for their interval × 3 offline and disconnected, with realtime events', async () => {
    const now = new Date('2031-03-01T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    const everyMinute = await givenProduct(database.db, tenantId, 60);
    const db = database.db;
    const stale = await givenDevice(db, tenantId, {
      status: 'online',
      networkStatus: 'connected',
      lastSeenAt: ago(4),
      productId: everyMinute.id,
    });
    const fresh = await givenDevice(db, tenantId, {
      status: 'online',
      networkStatus: 'connected',
      lastSeenAt: ago(2),
      productId: everyMinute.id,
    });
    // Without a product: 15 minutes × 3.
    const defaultStale = await givenDevice(db, tenantId, {
      status: 'outsideGeofence',
      networkStatus: 'connected',
      lastSeenAt: ago(46),
    });
    const defaultFresh = await givenDevice(db, tenantId, {
      status: 'online',
      networkStatus: 'connected',
      lastSeenAt: ago(44),
    });
    const handled = await givenDevice(db, tenantId, {
      status: 'offlineAlarmHandled',
      networkStatus: 'disconnected',
      lastSeenAt: ago(600),
    });
    const events: RealtimeEvent[] = [];
    const stop = await database.listen(REALTIME_CHANNEL, (payload) =>
      events.push(
        ...parseRealtimePayload(payload, (unreadable) => {
          throw new Error(`unreadable realtime payload: ${unreadable}`);
        }),
      ),
    );
    try {
      // A batch of one: the job keeps going until no stale device is left.
      expect(await markOfflineDevices(db, RELATIVE_ALARM_LINKS, now, 1)).toBe(2);
      expect(await deviceRow(db, stale.id)).toMatchObject({
        status: 'offline',
        networkStatus: 'disconnected',
      });
      expect(await deviceRow(db, defaultStale.id)).toMatchObject({
        status: 'offline',
        networkStatus: 'disconnected',
      });
      expect(await deviceRow(db, fresh.id)).toMatchObject({ status: 'online', networkStatus: 'connected' });
      expect(await deviceRow(db, defaultFresh.id)).toMatchObject({ status: 'online' });
      expect(await deviceRow(db, handled.id)).toMatchObject({ status: 'offlineAlarmHandled' });
      await eventually(async () => events.length >= 2);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'device',
          tenantId,
          state: expect.objectContaining({ deviceId: stale.id, status: 'offline' }),
        }),
      );
      // Nothing left: a second run marks nothing.
      expect(await markOfflineDevices(db, RELATIVE_ALARM_LINKS, now)).toBe(0);
      // Later, the fresh ones are stale too.
      const later = new Date(now.getTime() + 5 * MINUTE);
      expect(await markOfflineDevices(db, RELATIVE_ALARM_LINKS, later)).toBe(2);
    } finally {
      await stop();
    }
  });

  it('uses the offline factor setting', async () => {
    const now = new Date('2031-04-01T12:00:00Z');
    const device = await givenDevice(database.db, tenantId, {
      status: 'online',
      networkStatus: 'connected',
      lastSeenAt: new Date(now.getTime() - 20 * MINUTE),
    });
    await database.db
      .insert(settings)
      .values({ name: TELEMETRY_SETTINGS.offlineFactor, value: '1', providerName: 'G' });
    try {
      expect(await markOfflineDevices(database.db, RELATIVE_ALARM_LINKS, now)).toBeGreaterThanOrEqual(1);
      expect(await deviceRow(database.db, device.id)).toMatchObject({ status: 'offline' });
    } finally {
      await database.db.delete(settings);
    }
  });
});

describe('position partitions', () => {
  it('are created from the retention cutoff to ahead of the clock, and dropped past the retention', async () => {
    const db = database.db;
    const result = await maintainPositionPartitions(db, new Date('2031-06-15T00:00:00Z'));
    expect(result.created).toBeGreaterThanOrEqual(6);
    const partitions = await listPositionPartitions(db);
    // 90 days back is 17 March: old reports keep their time, so March on must exist.
    expect(partitions).not.toContain('device_positions_y2031m02');
    expect(partitions).toEqual(
      expect.arrayContaining([
        'device_positions_y2031m03',
        'device_positions_y2031m04',
        'device_positions_y2031m05',
        'device_positions_y2031m06',
        'device_positions_y2031m08',
      ]),
    );
    // Running again creates nothing.
    expect((await maintainPositionPartitions(db, new Date('2031-06-15T00:00:00Z'))).created).toBe(0);

    // 90 days after the end of May 2031, May's partition goes; June's stays.
    const later = await maintainPositionPartitions(db, new Date('2031-09-02T00:00:00Z'));
    expect(later.dropped).toContain('device_positions_y2031m05');
    expect(later.dropped).not.toContain('device_positions_y2031m06');
    expect(await listPositionPartitions(db)).not.toContain('device_positions_y2031m05');
  });

  it('keep reports of a month that is ready', async () => {
    await maintainPositionPartitions(database.db, new Date('2031-08-01T00:00:00Z'));
    const device = await givenDevice(database.db, tenantId);
    const sink = createTelemetryService({ db: database.db });
    const time = new Date('2031-08-20T10:00:00Z').toISOString();
    const report = {
      deviceIdentifier: device.imei,
      protocol: 'osmand' as const,
      deviceTime: time,
      receivedAt: time,
      kind: 'position' as const,
      position: { lat: 1, lon: 2, valid: true },
      cells: [],
      wifis: [],
      alarms: [],
      attributes: {},
    };
    await expect(sink.handleReport(report)).resolves.toEqual({ deviceKnown: true, commandQueued: false });
  });
});

describe('the command queue', () => {
  it('hands out the oldest queued command once, then the next, then none', async () => {
    const device = await givenDevice(database.db, tenantId);
    const sink = createTelemetryService({ db: database.db, clock: () => new Date('2031-01-01T00:00:00Z') });
    await queueDeviceCommand(database.db, {
      tenantId,
      deviceId: device.id,
      command: 'CR',
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    await queueDeviceCommand(database.db, {
      tenantId,
      deviceId: device.id,
      command: 'FIND',
      createdAt: new Date('2030-01-02T00:00:00Z'),
    });

    // Two takes at once get different commands (SKIP LOCKED), never the same one twice.
    const taken = await Promise.all([
      sink.takeQueuedCommand(device.deviceIdentifier!, 'watch'),
      sink.takeQueuedCommand(device.imei, 'osmand'),
    ]);
    expect(taken.sort()).toEqual(['CR', 'FIND']);
    expect(await sink.takeQueuedCommand(device.imei, 'watch')).toBeNull();
    expect(await sink.takeQueuedCommand('000000000000000', 'watch')).toBeNull();
    expect(await findDeviceCommands(database.db, tenantId, device.id)).toMatchObject([
      { command: 'CR', status: 'sent', sentAt: new Date('2031-01-01T00:00:00Z') },
      { command: 'FIND', status: 'sent' },
    ]);
  });
});
