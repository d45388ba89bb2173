import { connect, type Socket } from 'node:net';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { MetricsRegistry, renderMetrics } from '../metrics/metrics';
import { createMqtt, type MqttClientAuthority, type MqttHandle } from './mqtt';

/**
 * The embedded broker's limits over a real TCP port: a stranger's oversized packet is refused
 * before it is buffered or authenticated, and a connection that has not signed in within the
 * configured time is closed. Waits are for events (a socket's close), never for a time.
 */
const opened: { close(): Promise<void> }[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  while (opened.length) await opened.pop()!.close();
});

/** Sign-in attempts the broker asked about; `device-1` / `secret` passes, `stall` never answers. */
function recordingAuthority() {
  const attempts: string[] = [];
  const authority: MqttClientAuthority = {
    authenticate: (username, password) => {
      attempts.push(username);
      if (username === 'stall') return new Promise(() => undefined);
      return Promise.resolve(username === 'device-1' && password === 'secret' ? username : null);
    },
    mayPublish: () => true,
    maySubscribe: () => true,
  };
  return { authority, attempts };
}

/** The counters the brokers of this file count into. */
const metrics = new MetricsRegistry();

async function startBroker(connectTimeoutSeconds = 10) {
  const port = await freePort();
  const broker: MqttHandle = await createMqtt(
    { mqttPort: port, host: '127.0.0.1', mqttConnectTimeoutSeconds: connectTimeoutSeconds },
    undefined,
    metrics,
  );
  opened.push(broker);
  const { authority, attempts } = recordingAuthority();
  broker.protect!(authority);
  return { broker, port, attempts };
}

/** A raw TCP connection to the broker and a promise of its close. */
async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

/** MQTT's variable-length remaining length (7 bits a byte, least significant first). */
function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

const refusals = (reason: string) =>
  Number(
    new RegExp(`homeward_mqtt_refused_connections_total\\{reason="${reason}"\\} (\\d+)`).exec(
      renderMetrics([metrics]),
    )?.[1] ?? 0,
  );

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

describe('embedded broker limits', () => {
  it('closes a stranger’s 50 MB CONNECT before buffering it, and before any sign-in', async () => {
    const { port, attempts } = await startBroker();
    const refusedBefore = refusals('packetTooLarge');
    const total = 50 * 1024 * 1024;
    const before = memory();

    const { socket, closed } = await rawConnection(port);
    let done = false;
    void closed.then(() => (done = true));
    // The same 64 KiB of zeros again and again: this side holds no 50 MB either.
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(total)]));
    while (!done && sent < total) {
      sent += chunk.length;
      if (!socket.write(chunk)) {
        await new Promise<void>((resolve) => {
          socket.once('drain', resolve);
          void closed.then(resolve);
        });
      }
    }
    await closed;

    const grown = memory() - before;
    expect(sent).toBeLessThan(total);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
    expect(attempts).toEqual([]);
    expect(refusals('packetTooLarge')).toBe(refusedBefore + 1);
  });

  it('closes a connection that sends nothing within the configured time', async () => {
    const { port } = await startBroker(0.2);
    const refusedBefore = refusals('signInTimeout');
    const { closed } = await rawConnection(port);
    await closed;
    expect(refusals('signInTimeout')).toBe(refusedBefore + 1);
  });

  it('closes a connection whose sign-in has not passed within the configured time', async () => {
    const { port, attempts } = await startBroker(0.2);
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username: 'stall',
      password: 'whatever',
      reconnectPeriod: 0,
    });
    opened.push({ close: () => client.endAsync(true) });
    await new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect(attempts).toEqual(['stall']);
    expect(client.connected).toBe(false);
  });

  it('keeps a signed-in client past that time, and refuses a first packet that is not CONNECT', async () => {
    const { broker, port } = await startBroker(0.2);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: 'device-1',
      password: 'secret',
      reconnectPeriod: 0,
    });
    opened.push({ close: () => client.endAsync(true) });
    // Opened after the client signed in: once this idle one is closed, the client's time has passed.
    const idle = await rawConnection(port);
    const notConnect = await rawConnection(port);
    notConnect.socket.write(Buffer.from([0x30, 0x05, 0x00, 0x01, 0x61, 0x68, 0x69]));
    await Promise.all([idle.closed, notConnect.closed]);

    expect(client.connected).toBe(true);
    let deliver: (payload: string) => void = () => undefined;
    const received = new Promise<string>((resolve) => (deliver = resolve));
    await broker.subscribe('homeward/devices/device-1/report', (_topic, payload) =>
      deliver(payload.toString()),
    );
    await client.publishAsync('homeward/devices/device-1/report', '{"kind":"heartbeat"}', { qos: 1 });
    expect(await received).toBe('{"kind":"heartbeat"}');
  });
});
