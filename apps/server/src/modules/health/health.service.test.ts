import { describe, expect, it } from 'vitest';
import type { MqttState } from '../../platform/mqtt/mqtt';
import { checkHealth } from './health.service';

function depsWith(databaseUp: boolean, mqtt: MqttState) {
  return {
    database: {
      kind: 'postgres' as const,
      ping: async () => {
        if (!databaseUp) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    },
    mqtt: { state: () => mqtt },
    version: '1.2.3',
    startedAt: 1000,
    now: () => 61_000,
  };
}

describe('checkHealth', () => {
  it('is up when both parts are up', async () => {
    const health = await checkHealth(depsWith(true, { status: 'up', kind: 'embedded' }));
    expect(health).toEqual({
      status: 'up',
      version: '1.2.3',
      uptimeSeconds: 60,
      database: { status: 'up', kind: 'postgres' },
      mqtt: { status: 'up', kind: 'embedded' },
    });
  });

  it('is degraded, not down, when only MQTT has a problem', async () => {
    const mqtt: MqttState = { status: 'degraded', kind: 'embedded', detail: 'MQTT_PORT 1883 in use' };
    const health = await checkHealth(depsWith(true, mqtt));
    expect(health.status).toBe('degraded');
    expect(health.mqtt).toEqual(mqtt);
  });

  it('is down with the reason when the database does not answer', async () => {
    const health = await checkHealth(depsWith(false, { status: 'up', kind: 'external' }));
    expect(health.status).toBe('down');
    expect(health.database).toEqual({
      status: 'down',
      kind: 'postgres',
      detail: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
  });
});
