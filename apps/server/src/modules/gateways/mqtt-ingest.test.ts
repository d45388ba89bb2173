import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { createMqtt, type MqttHandle } from '../../platform/mqtt/mqtt';
import { freePort } from '../../test/free-port';
import { given } from '../../test/given';
import { createDeviceSecret, hashDeviceSecret } from '../devices/device-secret';
import { findDeviceCommands, queueDeviceCommand } from '../device-commands/device-command-queue.repository';
import { createGatewayMetrics } from './gateway-metrics';
import { createDeviceMqttAuthority, subscribeCommandAnswers, subscribeDeviceReports } from './mqtt-ingest';
import { setDeviceMqttSecretHash } from '../devices/device-mqtt-secret.repository';
import { createTelemetryService } from '../telemetry/telemetry.service';
import { eventually, givenDevice, positionsOf } from '../telemetry/telemetry-test-support';

/**
 * Device sign-in on the embedded broker (an external broker at MQTT_URL does its own): a device
 * connects with its identifier and secret and may publish only its own reports.
 */
let database: TestDatabase;
let broker: MqttHandle;
let url: string;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  tenantId = (await given(database.db).tenant()).id;
  const port = await freePort();
  broker = await createMqtt({ mqttPort: port, host: '127.0.0.1' });
  broker.protect!(createDeviceMqttAuthority(database.db));
  const sink = createTelemetryService({ db: database.db });
  await subscribeDeviceReports({ mqtt: broker, sink, metrics: createGatewayMetrics(new MetricsRegistry()) });
  await subscribeCommandAnswers({ mqtt: broker, sink });
  url = `mqtt://127.0.0.1:${port}`;
});
afterAll(async () => {
  await broker?.close();
  await database?.drop();
});

async function deviceWithSecret() {
  const device = await givenDevice(database.db, tenantId);
  const secret = createDeviceSecret();
  await setDeviceMqttSecretHash(database.db, tenantId, device.id, await hashDeviceSecret(secret));
  return { device, secret };
}

const report = () =>
  JSON.stringify({
    deviceTime: new Date(Date.now() - 5000).toISOString(),
    position: { lat: 56, lon: 10, valid: true },
  });

describe('device MQTT access', () => {
  it('stores a QoS 1 report of a device signed in with its secret', async () => {
    const { device, secret } = await deviceWithSecret();
    const client = await mqtt.connectAsync(url, {
      username: device.imei,
      password: secret,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(`homeward/devices/${device.imei}/report`, report(), { qos: 1 });
      await eventually(async () => (await positionsOf(database.db, device.id)).length === 1);
    } finally {
      await client.endAsync();
    }
  });

  it('refuses a wrong secret and a client without credentials', async () => {
    const { device } = await deviceWithSecret();
    await expect(
      mqtt.connectAsync(url, { username: device.imei, password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    await expect(mqtt.connectAsync(url, { reconnectPeriod: 0 })).rejects.toThrow();
  });

  it('never lets a device publish as another device', async () => {
    const { device, secret } = await deviceWithSecret();
    const victim = await givenDevice(database.db, tenantId);
    const client = await mqtt.connectAsync(url, {
      username: device.imei,
      password: secret,
      reconnectPeriod: 0,
    });
    // The broker refuses the publish before delivering it, and drops the connection.
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`homeward/devices/${victim.imei}/report`, report(), { qos: 0 });
    await closed;
    await client.endAsync(true);
    // Its own report, through a fresh connection, still goes through; the victim got nothing.
    const again = await mqtt.connectAsync(url, {
      username: device.imei,
      password: secret,
      reconnectPeriod: 0,
    });
    await again.publishAsync(`homeward/devices/${device.imei}/report`, report(), { qos: 1 });
    await again.endAsync();
    await eventually(async () => (await positionsOf(database.db, device.id)).length === 1);
    expect(await positionsOf(database.db, victim.id)).toHaveLength(0);
  });

  it("lets a device answer its own commands over TCP, and no other device's", async () => {
    const { device, secret } = await deviceWithSecret();
    const command = await queueDeviceCommand(database.db, {
      tenantId,
      deviceId: device.id,
      command: 'CR',
      status: 'sent',
      channel: 'mqtt',
      sentAt: new Date(),
    });
    const intruder = await deviceWithSecret();
    const other = await mqtt.connectAsync(url, {
      username: intruder.device.imei,
      password: intruder.secret,
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve) => other.once('close', () => resolve()));
    other.publish(
      `homeward/devices/${device.imei}/commands/ack`,
      JSON.stringify({ commandId: command.id, status: 'ok' }),
    );
    await closed;
    await other.endAsync(true);
    expect((await findDeviceCommands(database.db, tenantId, device.id))[0]!.status).toBe('sent');

    const client = await mqtt.connectAsync(url, {
      username: device.imei,
      password: secret,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(
        `homeward/devices/${device.imei}/commands/ack`,
        JSON.stringify({ commandId: command.id, status: 'ok' }),
        { qos: 1 },
      );
      await eventually(
        async () =>
          (await findDeviceCommands(database.db, tenantId, device.id))[0]!.status === 'acknowledged',
      );
    } finally {
      await client.endAsync();
    }
  });
});
