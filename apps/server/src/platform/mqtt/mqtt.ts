import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { pino, type Logger } from 'pino';
import type { Config } from '../config/config';
import { MetricsRegistry } from '../metrics/metrics';
import {
  DEFAULT_MQTT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_MQTT_MAX_PAYLOAD_BYTES,
  GuardedMqttConnection,
  PUBLISH_OVERHEAD_BYTES,
  type MqttRefusal,
} from './mqtt-connection-guard';
import { protectBroker } from './broker-access';
import { topicMatches } from './topic-filter';

export type MqttKind = 'embedded' | 'external';
export type MqttStatus = 'up' | 'down' | 'degraded';

export interface MqttState {
  status: MqttStatus;
  kind: MqttKind;
  detail?: string;
}

/**
 * Called for each message; when it returns a promise, the embedded broker completes the delivery
 * only once it settles (one slow handler slows the broker rather than piling up work). Note that
 * aedes acknowledges a device's QoS 1 publish before delivering it.
 */
export type MqttMessageHandler = (topic: string, payload: Buffer) => void | Promise<void>;

export interface MqttSubscribeOptions {
  /** 1: at least once; the broker keeps and redelivers until acknowledged. Default 0. */
  qos?: 0 | 1;
}

/**
 * Who may use the embedded broker over TCP: every client signs in, and may publish and subscribe
 * only where its identity allows. The server's own in-process publishes are never checked.
 */
export interface MqttClientAuthority {
  /** The client's identity when the credentials are good, else null. */
  authenticate(username: string, password: string): Promise<string | null>;
  mayPublish(identity: string, topic: string): boolean;
  maySubscribe(identity: string, topicFilter: string): boolean;
}

/**
 * The server's MQTT connection, whichever broker serves it. Gateways publish and subscribe through
 * this, so they work the same against the embedded broker and an external one.
 */
export interface MqttHandle {
  kind: MqttKind;
  /**
   * Largest payload a device may publish (MQTT_MAX_PAYLOAD_BYTES). The embedded broker closes a
   * connection that sends more; subscribers drop a larger message from an external broker unread.
   */
  maxPayloadBytes: number;
  state(): MqttState;
  publish(topic: string, payload: string | Buffer): Promise<void>;
  subscribe(filter: string, handler: MqttMessageHandler, options?: MqttSubscribeOptions): Promise<void>;
  /**
   * Embedded broker only: sign in and authorize TCP clients with `authority` from now on. An
   * external broker (MQTT_URL) does its own authentication; there this is absent.
   */
  protect?(authority: MqttClientAuthority): void;
  close(): Promise<void>;
}

/** How long start-up waits for an external broker before carrying on with MQTT reported down. */
const EXTERNAL_CONNECT_WAIT_MS = 5000;

/** The broker settings of the configuration; the limits default as MQTT_* do (tests pass few). */
export type MqttConfig = Pick<Config, 'mqttUrl' | 'mqttPort' | 'host'> &
  Partial<Pick<Config, 'mqttMaxPayloadBytes' | 'mqttConnectTimeoutSeconds'>>;

/**
 * Starts the embedded aedes broker (listening on MQTT_PORT unless it is 0), or connects to the
 * broker at MQTT_URL. Neither path throws for an unreachable port or broker: MQTT is not needed to
 * serve the app, so the problem is logged and reported by health instead.
 */
export async function createMqtt(
  config: MqttConfig,
  logger: Logger = pino({ level: 'silent' }),
  /** Where the embedded broker counts refused connections (the app's); counted unseen unless given. */
  metrics: MetricsRegistry = new MetricsRegistry(),
): Promise<MqttHandle> {
  const maxPayloadBytes = config.mqttMaxPayloadBytes ?? DEFAULT_MQTT_MAX_PAYLOAD_BYTES;
  return config.mqttUrl
    ? connectExternal(config.mqttUrl, maxPayloadBytes, logger)
    : startEmbedded(config, maxPayloadBytes, logger, metrics);
}

async function startEmbedded(
  config: MqttConfig,
  maxPayloadBytes: number,
  logger: Logger,
  metrics: MetricsRegistry,
): Promise<MqttHandle> {
  const refusedConnections = metrics.counter(
    'homeward_mqtt_refused_connections_total',
    'Connections the embedded MQTT broker closed, by reason (packetTooLarge, payloadTooLarge, signInTimeout, protocol)',
  );
  const connectTimeoutMs = (config.mqttConnectTimeoutSeconds ?? DEFAULT_MQTT_CONNECT_TIMEOUT_SECONDS) * 1000;
  // The guard's sign-in timer decides (it runs until authentication passes); aedes's own, which
  // stops when CONNECT arrives, stays a little later as a backstop.
  const broker = await Aedes.createBroker({ connectTimeout: connectTimeoutMs + 1000 });
  let server: Server | undefined;
  let state: MqttState = { status: 'up', kind: 'embedded', detail: 'in-process only (MQTT_PORT=0)' };
  const refuse = (refusal: MqttRefusal, who: { remote?: string; clientId?: string }) => {
    refusedConnections.inc({ reason: refusal.kind });
    logger.warn({ ...who, reason: refusal.reason }, 'MQTT connection refused');
  };
  // A device's publish over the limit is refused, which closes its connection unacknowledged.
  // The server's own publishes (no client) are not limited.
  const payloadAllowed = (client: Client | null, packet: PublishPacket) => {
    if (!client || Buffer.byteLength(packet.payload) <= maxPayloadBytes) return true;
    refuse(
      { kind: 'payloadTooLarge', reason: `payload over the limit of ${maxPayloadBytes} bytes` },
      { clientId: client.id },
    );
    return false;
  };
  broker.authorizePublish = (client, packet, done) =>
    done(payloadAllowed(client, packet) ? null : new Error('Payload too large'));
  // Authentication passed (a client is registered only then): the guard's sign-in timer stops.
  broker.on('client', (client) => {
    if (client.conn instanceof GuardedMqttConnection) client.conn.signedIn();
  });

  if (config.mqttPort > 0) {
    const tcp = createServer((socket) =>
      broker.handle(
        new GuardedMqttConnection(socket, {
          maxPacketBytes: maxPayloadBytes + PUBLISH_OVERHEAD_BYTES,
          connectTimeoutMs,
          onRefused: (refusal) => refuse(refusal, { remote: socket.remoteAddress }),
        }),
      ),
    );
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
    maxPayloadBytes,
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
            const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
            // The handler reports its own failures; delivery completes either way.
            Promise.resolve()
              .then(() => handler(packet.topic, payload))
              .catch(() => undefined)
              .finally(() => done());
          },
          resolve,
        );
      }),
    protect: (authority) => protectBroker(broker, authority, payloadAllowed),
    close: async () => {
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

async function connectExternal(url: string, maxPayloadBytes: number, logger: Logger): Promise<MqttHandle> {
  const client: MqttClient = mqtt.connect(url, {
    clientId: `homeward-server-${randomBytes(4).toString('hex')}`,
    connectTimeout: EXTERNAL_CONNECT_WAIT_MS,
    reconnectPeriod: 2000,
  });
  const handlers: { filter: string; handler: MqttMessageHandler }[] = [];
  let lastError: string | undefined;
  const shown = url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');

  client.on('message', (topic, payload) => {
    for (const entry of handlers) {
      if (!topicMatches(entry.filter, topic)) continue;
      // The handler reports its own failures; a rejected promise must not end the process.
      Promise.resolve()
        .then(() => entry.handler(topic, payload))
        .catch(() => undefined);
    }
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
    maxPayloadBytes,
    state: () =>
      client.connected
        ? { status: 'up', kind: 'external', detail: shown }
        : { status: 'down', kind: 'external', detail: `${shown}: ${lastError ?? 'not connected'}` },
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload);
    },
    subscribe: async (filter, handler, options) => {
      // A shared subscription (`$share/<group>/<filter>`) delivers messages under the plain filter.
      const delivered = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
      handlers.push({ filter: delivered, handler });
      await client.subscribeAsync(filter, { qos: options?.qos ?? 0 });
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
