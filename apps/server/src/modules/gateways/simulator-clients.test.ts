import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mqttClient,
  osmandClient,
  watchClient,
  type Fix,
  type ReportClient,
  type SimulatorProtocol,
} from '@homeward/simulator';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { freePort } from '../../test/free-port';
import { given } from '../../test/given';
import { alarms } from '../alarms/alarms.schema';
import { eventually, givenDevice, positionsOf } from '../telemetry/telemetry-test-support';
import { setDeviceMqttSecretHash } from '../devices/device-mqtt-secret.repository';
import { createTelemetryService } from '../telemetry/telemetry.service';
import { createDeviceSecret, hashDeviceSecret } from '../devices/device-secret';
import { startWatchServer, type WatchServer } from './watch/watch-server';

/**
 * The simulator's protocol clients (tools/src/simulator) against the real server: the app's OsmAnd
 * route over HTTP, the watch gateway over TCP and the embedded broker over MQTT with a device
 * secret. Each client's report is stored as the device's position, and its SOS press raises an alarm.
 */
let t: TestApp;
let watchServer: WatchServer;
let tenantId: string;
let httpUrl: string;
let mqttUrl: string;

beforeAll(async () => {
  const mqttPort = await freePort();
  t = await buildTestApp({ mqttPort, host: '127.0.0.1' });
  httpUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  watchServer = await startWatchServer({
    port: 0,
    host: '127.0.0.1',
    sink: createTelemetryService({ db: t.database.db }),
  });
  mqttUrl = t.config.mqttUrl ?? `mqtt://127.0.0.1:${mqttPort}`;
  tenantId = (await given(t.database.db).tenant()).id;
});
afterAll(async () => {
  await watchServer?.close();
  await t?.close();
});

const fix = (at: Date, sos: boolean): Fix => ({
  at,
  lat: 56.1631 + Math.random() / 1000,
  lon: 10.1894 + Math.random() / 1000,
  accuracyMeters: 12,
  speedMps: 1.2,
  bearing: 45,
  batteryPercent: 67,
  charging: false,
  sos,
});

async function clientFor(protocol: SimulatorProtocol, imei: string, deviceId: string): Promise<ReportClient> {
  if (protocol === 'osmand') return osmandClient(`${httpUrl}/api/gateway/osmand`, imei);
  if (protocol === 'watch') return watchClient('127.0.0.1', watchServer.port, imei);
  const secret = createDeviceSecret();
  await setDeviceMqttSecretHash(t.database.db, tenantId, deviceId, await hashDeviceSecret(secret));
  return mqttClient(mqttUrl, imei, secret);
}

describe('simulator protocol clients against a real server', () => {
  it.each(['osmand', 'watch', 'mqtt'] as const)(
    'stores a %s report as the position and raises the SOS alarm of a press',
    async (protocol) => {
      const device = await givenDevice(t.database.db, tenantId);
      const client = await clientFor(protocol, device.imei, device.id);
      try {
        const first = fix(new Date(Math.floor(Date.now() / 1000) * 1000 - 20_000), false);
        await client.send(first);
        const [stored] = await eventually(async () => {
          const rows = await positionsOf(t.database.db, device.id);
          return rows.length === 1 && rows;
        });
        expect(stored!.protocol).toBe(protocol);
        expect(stored!.latitude).toBeCloseTo(first.lat, 5);
        expect(stored!.longitude).toBeCloseTo(first.lon, 5);
        expect(stored!.accuracyMeters).toBe(12);
        expect(stored!.battery).toBe(67);
        expect(stored!.deviceTime.toISOString()).toBe(first.at.toISOString());

        await client.send(fix(new Date(first.at.getTime() + 10_000), true));
        const [alarm] = await eventually(async () => {
          const rows = await t.database.db
            .select()
            .from(alarms)
            .where(and(eq(alarms.deviceId, device.id), eq(alarms.kind, 'sos')));
          return rows.length > 0 && rows;
        });
        expect(alarm!.state).toBe('open');
      } finally {
        await client.close();
      }
    },
  );
});
