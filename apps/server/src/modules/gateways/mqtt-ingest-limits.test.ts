import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { createMqtt, type MqttHandle } from '../../platform/mqtt/mqtt';
import { freePort } from '../../test/free-port';
import { given } from '../../test/given';
import { createDeviceSecret, hashDeviceSecret } from '../devices/device-secret';
import type { GatewayLogger } from './gateway-logger';
import { createGatewayMetrics } from './gateway-metrics';
import { createDeviceMqttAuthority, subscribeDeviceReports } from './mqtt-ingest';
import { setDeviceMqttSecretHash } from '../devices/device-mqtt-secret.repository';
import { createTelemetryService } from '../telemetry/telemetry.service';
import { eventually, givenDevice, positionsOf } from '../telemetry/telemetry-test-support';

/**
 * MQTT_MAX_PAYLOAD_BYTES: a signed-in device's publish over the limit is refused by the embedded
 * broker (its connection closed, no acknowledgement, nothing stored), and the server's subscriber
 * on an external broker drops a larger message without reading it.
 */
let database: TestDatabase;
let broker: MqttHandle;
let url: string;
let tenantId: string;
const sink = () => createTelemetryService({ db: database.db });
const metrics = createGatewayMetrics(new MetricsRegistry());

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  tenantId = (await given(database.db).tenant()).id;
  const port = await freePort();
  broker = await createMqtt({ mqttPort: port, host: '127.0.0.1' });
  broker.protect!(createDeviceMqttAuthority(database.db));
  await subscribeDeviceReports({ mqtt: broker, sink: sink(), metrics });
  url = `mqtt://127.0.0.1:${port}`;
});
afterAll(async () => {
  await broker?.close();
  await database?.drop();
});

/** A valid report whose attributes pad it to about `bytes` (so only its size can refuse it). */
const reportOfSize = (bytes: number, at: Date) =>
  JSON.stringify({
    deviceTime: at.toISOString(),
    position: { lat: 56, lon: 10, valid: true },
    attributes: { padding: 'x'.repeat(Math.max(0, bytes - 120)) },
  });
const secondsAgo = (seconds: number) => new Date(Math.floor(Date.now() / 1000 - seconds) * 1000);

describe('a signed-in device publishing more than MQTT_MAX_PAYLOAD_BYTES', () => {
  it('is refused unacknowledged, its connection closed, and nothing stored', async () => {
    const device = await givenDevice(database.db, tenantId);
    const secret = createDeviceSecret();
    await setDeviceMqttSecretHash(database.db, tenantId, device.id, await hashDeviceSecret(secret));
    const topic = `homeward/devices/${device.imei}/report`;
    const options = { username: device.imei, password: secret, reconnectPeriod: 0 };

    // Just over the limit (parsed, then refused) and far over it (refused from its header).
    for (const size of [broker.maxPayloadBytes + 100, 20 * 1024 * 1024]) {
      const client = await mqtt.connectAsync(url, options);
      client.on('error', () => undefined);
      let acknowledged = false;
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topic, reportOfSize(size, secondsAgo(60)), { qos: 1 }, (error) => {
        if (!error) acknowledged = true;
      });
      await closed;
      await client.endAsync(true);
      expect({ size, acknowledged }).toEqual({ size, acknowledged: false });
    }

    // A report within the limit, through a new connection, is stored; the large ones never were.
    const client = await mqtt.connectAsync(url, options);
    const at = secondsAgo(30);
    await client.publishAsync(topic, reportOfSize(2000, at), { qos: 1 });
    await client.endAsync();
    const stored = await eventually(async () => {
      const rows = await positionsOf(database.db, device.id);
      return rows.length > 0 ? rows : null;
    });
    expect(stored.map((row) => row.deviceTime)).toEqual([at]);
  });
});

describe('the server subscribed to an external broker (MQTT_URL)', () => {
  it.skipIf(!process.env.MQTT_URL)('drops a message over the limit unread, and takes the next', async () => {
    const external = await createMqtt({
      mqttUrl: process.env.MQTT_URL,
      mqttPort: 0,
      host: '127.0.0.1',
      mqttMaxPayloadBytes: 2048,
    });
    const publisher = await createMqtt({ mqttUrl: process.env.MQTT_URL, mqttPort: 0, host: '127.0.0.1' });
    try {
      const warnings: string[] = [];
      const logger: GatewayLogger = {
        debug: () => undefined,
        info: () => undefined,
        error: () => undefined,
        warn: (object) => warnings.push(String((object as { reason?: string }).reason)),
      };
      const shareGroup = `limits-${randomBytes(4).toString('hex')}`;
      await subscribeDeviceReports({ mqtt: external, sink: sink(), metrics, logger, shareGroup });
      const device = await givenDevice(database.db, tenantId);
      const topic = `homeward/devices/${device.imei}/report`;

      await publisher.publish(topic, reportOfSize(3000, secondsAgo(60)));
      await eventually(async () => warnings.includes('payload larger than 2048 bytes'));
      const at = secondsAgo(30);
      await publisher.publish(topic, reportOfSize(1000, at));
      const stored = await eventually(async () => {
        const rows = await positionsOf(database.db, device.id);
        return rows.length > 0 ? rows : null;
      });
      expect(stored.map((row) => row.deviceTime)).toEqual([at]);
    } finally {
      await publisher.close();
      await external.close();
    }
  });
});
