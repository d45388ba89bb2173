import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { createMqtt, type MqttHandle } from './mqtt';

const opened: MqttHandle[] = [];
async function open(...args: Parameters<typeof createMqtt>): Promise<MqttHandle> {
  const handle = await createMqtt(...args);
  opened.push(handle);
  return handle;
}
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

/** Subscribes, publishes once, and resolves with what the subscriber received. */
async function roundTrip(
  subscriber: MqttHandle,
  publisher: MqttHandle,
  topic: string,
  filter = topic,
): Promise<string> {
  let deliver: (message: string) => void = () => undefined;
  const received = new Promise<string>((resolve) => (deliver = resolve));
  await subscriber.subscribe(filter, (got, payload) => deliver(`${got} ${payload.toString()}`));
  await publisher.publish(topic, '{"battery":80}');
  return received;
}

describe('embedded broker', () => {
  it('delivers in-process without listening on TCP when MQTT_PORT is 0', async () => {
    const mqtt = await open({ mqttPort: 0, host: '127.0.0.1' });
    expect(mqtt.state()).toMatchObject({ status: 'up', kind: 'embedded' });
    await expect(
      roundTrip(mqtt, mqtt, 'homeward/devices/d1/report', 'homeward/devices/+/report'),
    ).resolves.toBe('homeward/devices/d1/report {"battery":80}');
  });

  it('accepts device connections on MQTT_PORT, which an external client can use', async () => {
    const port = await freePort();
    const broker = await open({ mqttPort: port, host: '127.0.0.1' });
    expect(broker.state()).toMatchObject({
      status: 'up',
      kind: 'embedded',
      detail: `listening on 127.0.0.1:${port}`,
    });
    const client = await open({ mqttUrl: `mqtt://127.0.0.1:${port}`, mqttPort: 0, host: '127.0.0.1' });
    expect(client.state()).toMatchObject({ status: 'up', kind: 'external' });
    await expect(roundTrip(broker, client, 'homeward/devices/d2/report')).resolves.toBe(
      'homeward/devices/d2/report {"battery":80}',
    );
    await expect(roundTrip(client, broker, 'homeward/devices/d3/report')).resolves.toBe(
      'homeward/devices/d3/report {"battery":80}',
    );
  });

  it('keeps running in-process and reports degraded when the port is taken', async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const mqtt = await open({ mqttPort: port, host: '127.0.0.1' });
      const state = mqtt.state();
      expect(state.status).toBe('degraded');
      expect(state.detail).toContain(`MQTT_PORT ${port} in use`);
      await expect(roundTrip(mqtt, mqtt, 'homeward/devices/d4/report')).resolves.toContain('d4');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

describe('external broker', () => {
  it('reports down, without throwing, when MQTT_URL cannot be reached', async () => {
    const port = await freePort();
    const mqtt = await open({ mqttUrl: `mqtt://127.0.0.1:${port}`, mqttPort: 0, host: '127.0.0.1' });
    expect(mqtt.state()).toMatchObject({ status: 'down', kind: 'external' });
  });

  it('exchanges messages through the broker configured for this run', async () => {
    // MQTT_URL set (CI: Mosquitto): the external client; unset: the in-process broker.
    const config = { mqttUrl: process.env.MQTT_URL || undefined, mqttPort: 0, host: '127.0.0.1' };
    const mqtt = await open(config);
    expect(mqtt.state()).toMatchObject({ status: 'up', kind: config.mqttUrl ? 'external' : 'embedded' });
    const topic = `homeward/devices/${randomUUID()}/report`;
    await expect(roundTrip(mqtt, mqtt, topic)).resolves.toBe(`${topic} {"battery":80}`);
  });
});
