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
    protect: (authority) => protectBroker(broker, authority),
    close: async () => {
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** Installs `authority` as the broker's authentication and authorization hooks. */
function protectBroker(broker: Aedes, authority: MqttClientAuthority): void {
  const identities = new WeakMap<object, string>();
  const refused = (code: number) => Object.assign(new Error('Not authorized'), { returnCode: code });
  broker.authenticate = (client, username, password, done) => {
    if (!username || !password) {
      done(refused(4) as never, false);
      return;
    }
    authority.authenticate(username, password.toString()).then(
      (identity) => {
        if (!identity) return done(refused(4) as never, false);
        identities.set(client, identity);
        done(null, true);
      },
      () => done(refused(3) as never, false),
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    // No client: the server's own in-process publish.
    if (!client) return done(null);
    const identity = identities.get(client);
    done(identity && authority.mayPublish(identity, packet.topic) ? null : new Error('Not authorized'));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const identity = identities.get(client);
    done(null, identity && authority.maySubscribe(identity, subscription.topic) ? subscription : null);
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
