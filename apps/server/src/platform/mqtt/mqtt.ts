import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes, type PublishPacket } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { pino, type Logger } from 'pino';
import type { Config } from '../config/config';
import { topicMatches } from './topic-filter';

export type MqttKind = 'embedded' | 'external';
export type MqttStatus = 'up' | 'down' | 'degraded';

export interface MqttState {
  status: MqttStatus;
  kind: MqttKind;
  detail?: string;
}

export type MqttMessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The server's MQTT connection, whichever broker serves it. Gateways publish and subscribe through
 * this, so they work the same against the embedded broker and an external one.
 */
export interface MqttHandle {
  kind: MqttKind;
  state(): MqttState;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  subscribe(filter: string, handler: MqttMessageHandler): Promise<void>;
  close(): Promise<void>;
}

/** How long start-up waits for an external broker before carrying on with MQTT reported down. */
const EXTERNAL_CONNECT_WAIT_MS = 5000;

/**
 * Starts the embedded aedes broker (listening on MQTT_PORT unless it is 0), or connects to the
 * broker at MQTT_URL. Neither path throws for an unreachable port or broker: MQTT is not needed to
 * serve the app, so the problem is logged and reported by health instead.
 */
export async function createMqtt(
  config: Pick<Config, 'mqttUrl' | 'mqttPort' | 'host'>,
  logger: Logger = pino({ level: 'silent' }),
): Promise<MqttHandle> {
  return config.mqttUrl ? connectExternal(config.mqttUrl, logger) : startEmbedded(config, logger);
}

async function startEmbedded(config: Pick<Config, 'mqttPort' | 'host'>, logger: Logger): Promise<MqttHandle> {
  const broker = await Aedes.createBroker();
  let server: Server | undefined;
  let state: MqttState = { status: 'up', kind: 'embedded', detail: 'in-process only (MQTT_PORT=0)' };

  if (config.mqttPort > 0) {
    const tcp = createServer(broker.handle);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(config.mqttPort, config.host, () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      server = tcp;
      state = { status: 'up', kind: 'embedded', detail: `listening on ${config.host}:${config.mqttPort}` };
      logger.info({ port: config.mqttPort }, 'embedded MQTT broker listening');
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'in use' : (error as Error).message;
      const detail = `MQTT_PORT ${config.mqttPort} ${reason}; devices cannot connect over TCP, the broker runs in-process only`;
      state = { status: 'degraded', kind: 'embedded', detail };
      logger.warn(
        `${detail}. Set MQTT_PORT to a free port, 0 to skip listening, or MQTT_URL to use that broker.`,
      );
    }
  }

  return {
    kind: 'embedded',
    state: () => (broker.closed ? { status: 'down', kind: 'embedded', detail: 'closed' } : state),
    publish: (topic, payload) =>
      new Promise((resolve, reject) => {
        const packet = { cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false } as PublishPacket;
        broker.publish(packet, (error) => (error ? reject(error) : resolve()));
      }),
    subscribe: (filter, handler) =>
      new Promise((resolve) => {
        broker.subscribe(
          filter,
          (packet, done) => {
            handler(
              packet.topic,
              Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
            );
            done();
          },
          resolve,
        );
      }),
    close: async () => {
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

async function connectExternal(url: string, logger: Logger): Promise<MqttHandle> {
  const client: MqttClient = mqtt.connect(url, {
    clientId: `homeward-server-${randomBytes(4).toString('hex')}`,
    connectTimeout: EXTERNAL_CONNECT_WAIT_MS,
    reconnectPeriod: 2000,
  });
  const handlers: { filter: string; handler: MqttMessageHandler }[] = [];
  let lastError: string | undefined;
  const shown = url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');

  client.on('message', (topic, payload) => {
    for (const entry of handlers) if (topicMatches(entry.filter, topic)) entry.handler(topic, payload);
  });
  client.on('error', (error) => {
    lastError = error.message;
  });
  client.on('connect', () => {
    lastError = undefined;
    logger.info({ url: shown }, 'connected to MQTT broker');
  });
  client.on('offline', () => logger.warn(`MQTT broker at MQTT_URL (${shown}) is unreachable; retrying`));

  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, EXTERNAL_CONNECT_WAIT_MS);
    client.once('connect', done);
    client.once('error', done);
    function done() {
      clearTimeout(timer);
      client.off('connect', done);
      client.off('error', done);
      resolve();
    }
  });
  if (!client.connected)
    logger.warn(`Cannot connect to MQTT_URL (${shown}): ${lastError ?? 'no answer'}; retrying`);

  return {
    kind: 'external',
    state: () =>
      client.connected
        ? { status: 'up', kind: 'external', detail: shown }
        : { status: 'down', kind: 'external', detail: `${shown}: ${lastError ?? 'not connected'}` },
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload);
    },
    subscribe: async (filter, handler) => {
      handlers.push({ filter, handler });
      await client.subscribeAsync(filter);
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
