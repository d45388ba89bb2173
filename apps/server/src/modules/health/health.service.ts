import type { HealthResponse } from '@homeward/contracts';
import type { DatabaseHandle } from '../../platform/db/database';
import type { MqttHandle } from '../../platform/mqtt/mqtt';

export interface HealthDependencies {
  database: Pick<DatabaseHandle, 'kind' | 'ping'>;
  mqtt: Pick<MqttHandle, 'state'>;
  version: string;
  /** `performance.now()`-style clock reading taken at start-up, and the clock itself. */
  startedAt: number;
  now: () => number;
}

/**
 * The database is required: without it the app is `down` (503). MQTT is not: a missing broker makes
 * the app `degraded`, because the web app and the API still work.
 */
export async function checkHealth(deps: HealthDependencies): Promise<HealthResponse> {
  let database: HealthResponse['database'];
  try {
    await deps.database.ping();
    database = { status: 'up', kind: deps.database.kind };
  } catch (error) {
    database = { status: 'down', kind: deps.database.kind, detail: (error as Error).message };
  }
  const mqtt = deps.mqtt.state();
  const status = database.status !== 'up' ? 'down' : mqtt.status !== 'up' ? 'degraded' : 'up';
  return {
    status,
    version: deps.version,
    uptimeSeconds: Math.round((deps.now() - deps.startedAt) / 1000),
    database,
    mqtt,
  };
}
