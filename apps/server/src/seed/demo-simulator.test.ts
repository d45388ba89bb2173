import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from '@homeward/simulator';
import { seedDemoData } from './demo-data';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { freePort } from '../test/free-port';
import { devices } from '../modules/devices/devices.schema';
import { devicePositions } from '../modules/telemetry/telemetry.schema';
import { eventually } from '../modules/telemetry/telemetry-test-support';
import { createTelemetryService } from '../modules/telemetry/telemetry.service';
import { startDemoSimulator } from './demo-simulator';
import { startWatchServer, type WatchServer } from '../modules/gateways/watch/watch-server';

/** Demo mode's live watches: Demo Kommune's worn watches report over the server's own ports. */
let t: TestApp;
let watchServer: WatchServer;
let port: number;
let mqttPort: number;
let fleet: Fleet | undefined;

beforeAll(async () => {
  mqttPort = await freePort();
  t = await buildTestApp({ mqttPort, host: '127.0.0.1' });
  await seedDemoData(t.database.db);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
  watchServer = await startWatchServer({
    port: 0,
    host: '127.0.0.1',
    sink: createTelemetryService({ db: t.database.db }),
  });
});
afterAll(async () => {
  await fleet?.stop();
  await watchServer?.close();
  await t?.close();
});

describe('demo simulator', () => {
  it('runs nothing with DEMO_SIMULATOR_DEVICES=0', async () => {
    const none = await startDemoSimulator({
      config: { ...t.config, port, demoSimulatorDevices: 0 },
      db: t.database.db,
    });
    expect(none).toBeUndefined();
  });

  it('walks the first watches of Demo Kommune, worn ones first, over each protocol in turn', async () => {
    fleet = await startDemoSimulator({
      config: { ...t.config, port, host: '127.0.0.1', demoSimulatorDevices: 3 },
      db: t.database.db,
      mqtt: t.mqtt,
      watchPort: watchServer.port,
    });
    expect(fleet).toBeDefined();
    // An external broker (MQTT_URL) signs devices in itself: the demo skips MQTT there.
    const protocols = t.config.mqttUrl ? ['osmand', 'watch'] : ['mqtt', 'osmand', 'watch'];
    const walked = ['Inges ur', 'Pouls ur', 'Ellens ur'];
    const reported = await eventually(async () => {
      const rows = await t.database.db
        .selectDistinct({ name: devices.name, protocol: devicePositions.protocol })
        .from(devicePositions)
        .innerJoin(devices, eq(devices.id, devicePositions.deviceId))
        .where(inArray(devices.name, walked));
      return rows.length === 3 && rows;
    });
    expect(reported.map((row) => row.name).sort()).toEqual([...walked].sort());
    expect([...new Set(reported.map((row) => row.protocol))].sort()).toEqual(protocols);
    expect(fleet!.counts().failed).toBe(0);
  });
});
