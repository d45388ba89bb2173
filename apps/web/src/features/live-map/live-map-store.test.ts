import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@homeward/contracts';
import { LiveMapStore, type LiveMapChange } from './live-map-store';
import { mapCitizen } from './live-map-test-data';

/** A store whose frames the test runs by hand. */
function storeWithFrames() {
  const frames: (() => void)[] = [];
  const store = new LiveMapStore((flush) => frames.push(flush));
  const changes: LiveMapChange[] = [];
  store.subscribe((change) => changes.push(change));
  const runFrame = () => frames.splice(0).forEach((flush) => flush());
  return { store, frames, changes, runFrame };
}

const deviceEvent = (deviceId: string, state: Partial<Extract<RealtimeEvent, { type: 'device' }>['state']>) =>
  ({
    type: 'device',
    tenantId: null,
    organizationId: null,
    state: {
      deviceId,
      status: 'online',
      batteryLevel: null,
      lastSeenAt: '2026-11-26T10:05:00.000Z',
      latitude: null,
      longitude: null,
      ...state,
    },
  }) satisfies RealtimeEvent;

const positionEvent = (deviceId: string, latitude: number, at: string): RealtimeEvent => ({
  type: 'position',
  tenantId: null,
  organizationId: null,
  deviceId,
  latitude,
  longitude: 10.3,
  accuracy: 10,
  at,
});

const alarmEvent = (
  deviceId: string,
  kind: 'sos' | 'lowBattery',
  state: 'open' | 'handled',
): RealtimeEvent => ({
  type: 'alarm',
  tenantId: null,
  organizationId: null,
  alarmId: '0190c000-0000-7000-8000-000000000001',
  kind,
  state,
  citizenName: null,
  deviceId,
  at: '2026-11-26T10:05:00.000Z',
});

describe('LiveMapStore', () => {
  it('applies every batch pushed within a frame at once, the latest position winning', () => {
    const { store, frames, changes, runFrame } = storeWithFrames();
    const walker = mapCitizen();
    const other = mapCitizen();
    store.reset([walker, other]);
    expect(changes).toEqual([{ citizenIds: null, alarmEvents: 0 }]);

    store.enqueue([positionEvent(walker.deviceId!, 56.2, '2026-11-26T10:04:00.000Z')]);
    store.enqueue([
      deviceEvent(walker.deviceId!, { latitude: 56.3, longitude: 10.3, batteryLevel: 41.6 }),
      positionEvent(walker.deviceId!, 56.3, '2026-11-26T10:05:00.000Z'),
      {
        type: 'message',
        tenantId: null,
        userIds: [],
        organizationIds: [],
        messageId: walker.citizenId,
        text: 'x',
        at: '',
      },
    ]);
    // One frame scheduled for both batches; nothing applied before it runs.
    expect(frames).toHaveLength(1);
    expect(store.get(walker.citizenId)).toBe(walker);

    runFrame();
    expect(changes).toHaveLength(2);
    expect([...changes[1]!.citizenIds!]).toEqual([walker.citizenId]);
    expect(store.get(walker.citizenId)).toMatchObject({
      latitude: 56.3,
      longitude: 10.3,
      locatedAt: '2026-11-26T10:05:00.000Z',
      lastSeenAt: '2026-11-26T10:05:00.000Z',
      battery: 42,
      locationValid: true,
    });
    expect(store.get(other.citizenId)).toBe(other);
    expect(store.applied).toBe(1);
  });

  it('takes a no-fix place from the device state, and the status outside a geofence', () => {
    const { store, runFrame } = storeWithFrames();
    const citizen = mapCitizen();
    store.reset([citizen]);
    store.enqueue([
      deviceEvent(citizen.deviceId!, {
        status: 'outsideGeofence',
        latitude: 56.4,
        longitude: 10.1,
        locationValid: false,
        lastSeenAt: '2026-11-26T10:06:00.000Z',
      }),
    ]);
    runFrame();
    expect(store.get(citizen.citizenId)).toMatchObject({
      locationValid: false,
      latitude: 56.4,
      locatedAt: '2026-11-26T10:06:00.000Z',
      outsideGeofence: true,
      status: 'outsideGeofence',
    });
  });

  it('marks an opened alarm at once, keeps the more severe kind, and ignores unknown watches', () => {
    const { store, changes, runFrame } = storeWithFrames();
    const citizen = mapCitizen({ alarm: { kind: 'lowBattery', count: 1 } });
    store.reset([citizen]);
    store.enqueue([
      alarmEvent(citizen.deviceId!, 'sos', 'open'),
      alarmEvent('unknown-device', 'sos', 'open'),
    ]);
    runFrame();
    expect(store.get(citizen.citizenId)!.alarm).toEqual({ kind: 'sos', count: 1 });
    expect(changes.at(-1)).toEqual({ citizenIds: new Set([citizen.citizenId]), alarmEvents: 2 });

    // A handled alarm changes nothing here: the page fetches the map again for the open ones.
    store.enqueue([alarmEvent(citizen.deviceId!, 'lowBattery', 'handled')]);
    runFrame();
    expect(store.get(citizen.citizenId)!.alarm).toEqual({ kind: 'sos', count: 1 });
    expect(changes.at(-1)).toEqual({ citizenIds: new Set(), alarmEvents: 1 });
  });
});
