import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../platform/config/config';
import { createTestDatabase, type TestDatabase } from '../platform/db/test-database';
import { MetricsRegistry } from '../platform/metrics/metrics';
import { createMqtt, type MqttHandle } from '../platform/mqtt/mqtt';
import { ensureHostStaticRoles } from '../modules/roles/static-roles';
import { captureTestLog } from './test-log-capture';

/** METRICS_TOKEN of every test app: tests read the counters at `GET /metrics` with it. */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
  mqtt: MqttHandle;
  /** The app's counters (what its `GET /metrics` serves); gateways started beside it count here too. */
  metrics: MetricsRegistry;
  /** Closes the app and MQTT, drops the database, and flushes the app's log file. */
  close(): Promise<void>;
}

/**
 * The configuration of every test app: no TCP ports of its own, logs silenced, the database at
 * DATABASE_URL (PGlite in memory when unset) and the broker at MQTT_URL (embedded when unset).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MQTT_PORT: '0',
    GATEWAY_OSMAND_PORT: '0',
    GATEWAY_WATCH_PORT: '0',
    METRICS_PORT: '0',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    MQTT_URL: process.env.MQTT_URL,
    DATABASE_URL: process.env.DATABASE_URL,
    // Unused: test databases live in memory or on the PostgreSQL server.
    DATA_DIR: path.join(tmpdir(), 'homeward-test-data'),
    // A folder that does not exist unless a test makes one, so tests never depend on a real build.
    WEB_DIST_DIR: path.join(tmpdir(), 'homeward-test-no-web-dist'),
  });
  return { ...base, ...overrides };
}

/**
 * The real app for integration tests, driven with `app.inject()`: a fresh migrated database (PGlite
 * in memory, or a scratch PostgreSQL database when DATABASE_URL is set), and the embedded MQTT
 * broker without a TCP port (or the broker at MQTT_URL when set). The app is not ready yet, so a
 * test may add routes before its first request.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  dependencies: Pick<AppDependencies, 'reportSink' | 'gatewayClock' | 'onRoute'> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase(config.databaseUrl);
  try {
    // As start-up does in every deployment: the host's static roles exist before the first request.
    await ensureHostStaticRoles(database.db);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return startTestNode(config, database, () => database.drop(), dependencies);
}

/**
 * One node of the app over `database`: its own MQTT handle (a shared-subscription group of its own,
 * as test files run in parallel against one broker when MQTT_URL is set) and its own log file,
 * written through the real logger configuration for the log scan after the suite (no secret may
 * reach a log line). `close()` closes the node, then `releaseDatabase`.
 */
export async function startTestNode(
  config: Config,
  database: TestDatabase,
  releaseDatabase: () => Promise<void>,
  dependencies: Partial<Pick<AppDependencies, 'reportSink' | 'gatewayClock' | 'onTokenRevocationHeard'>> = {},
): Promise<TestApp> {
  const log = captureTestLog();
  const logger = log.logger;
  let mqtt: MqttHandle | undefined;
  try {
    // The node's counters, its broker's included, as main.ts shares one registry.
    const metrics = new MetricsRegistry();
    mqtt = await createMqtt(config, logger, metrics);
    const mqttShareGroup = `test-${randomBytes(6).toString('hex')}`;
    const app = await buildApp({ config, database, mqtt, mqttShareGroup, logger, metrics, ...dependencies });
    const ownedMqtt = mqtt;
    return {
      app,
      config,
      database,
      mqtt,
      metrics,
      close: async () => {
        await app.close();
        await ownedMqtt.close();
        await releaseDatabase();
        await log.close();
      },
    };
  } catch (error) {
    await mqtt?.close();
    await releaseDatabase();
    await log.close();
    throw error;
  }
}
