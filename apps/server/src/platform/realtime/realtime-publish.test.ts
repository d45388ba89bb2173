import type { RealtimeEvent } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import {
  parseRealtimePayload,
  publishRealtime,
  publishRealtimeEvents,
  REALTIME_CHANNEL,
} from './realtime-publish';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  await database?.drop();
});

const deviceEventOf = (index: number): RealtimeEvent => ({
  type: 'device',
  tenantId: null,
  organizationId: null,
  state: {
    deviceId: `0190f0a0-0000-7000-8000-${String(index).padStart(12, '0')}`,
    status: 'online',
    batteryLevel: index % 100,
    lastSeenAt: new Date(0).toISOString(),
    latitude: 56,
    longitude: 10,
  },
});

describe('publishing realtime events', () => {
  it('delivers a batch in order, packed in payloads PostgreSQL accepts, only on commit', async () => {
    const payloads: string[] = [];
    // PostgreSQL delivers notifications in commit order: once the last transaction's arrives, all have.
    let lastArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (lastArrived = resolve));
    const stop = await database.listen(REALTIME_CHANNEL, (payload) => {
      payloads.push(payload);
      if (payload.includes('000000000999')) lastArrived();
    });
    try {
      const events = Array.from({ length: 300 }, (_, index) => deviceEventOf(index));
      await database.db
        .transaction(async (tx) => {
          await publishRealtimeEvents(tx, events.slice(0, 10));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await database.db.transaction((tx) => publishRealtimeEvents(tx, events));
      await database.db.transaction((tx) => publishRealtime(tx, deviceEventOf(999)));

      await arrived;
      // Fewer notifications than events, each under PostgreSQL's 8000-byte limit.
      expect(payloads.length).toBeLessThan(20);
      expect(Math.max(...payloads.map((payload) => Buffer.byteLength(payload)))).toBeLessThan(8000);
      const received = payloads.flatMap((payload) =>
        parseRealtimePayload(payload, (bad) => {
          throw new Error(`unreadable: ${bad}`);
        }),
      );
      expect(received).toEqual([...events, deviceEventOf(999)]);
    } finally {
      await stop();
    }
  });

  it('reads one event or an array, and reports what is unreadable without dropping the rest', () => {
    const unreadable: string[] = [];
    const onUnreadable = (payload: string) => unreadable.push(payload);
    const event = deviceEventOf(1);
    expect(parseRealtimePayload(JSON.stringify(event), onUnreadable)).toEqual([event]);
    expect(parseRealtimePayload(JSON.stringify([event, { type: 'nonsense' }]), onUnreadable)).toEqual([
      event,
    ]);
    expect(parseRealtimePayload('{not json', onUnreadable)).toEqual([]);
    expect(unreadable).toHaveLength(2);
  });
});
