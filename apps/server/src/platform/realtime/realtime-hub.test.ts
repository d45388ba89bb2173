import type { AlarmKind, RealtimeEvent, RealtimeServerMessage } from '@homeward/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { isVisibleTo, RealtimeHub, type RealtimeSubscriber } from './realtime-hub';

const A = '0190a0b0-0000-7000-8000-00000000000a';
const B = '0190a0b0-0000-7000-8000-00000000000b';
const ORG_1 = '0190a0b0-0000-7000-8000-000000000001';
const ORG_2 = '0190a0b0-0000-7000-8000-000000000002';
const DEVICE = '0190a0b0-0000-7000-8000-0000000000d1';

function subscriber(overrides: Partial<RealtimeSubscriber> = {}) {
  const received: RealtimeServerMessage[] = [];
  const value: RealtimeSubscriber = {
    userId: 'u',
    scope: { kind: 'tenant', tenantId: A },
    organizationIds: null,
    permissions: new Set(['Homeward.Dashboard', 'Homeward.Alarms']),
    send: (message) => received.push(message),
    ...overrides,
  };
  return { value, received };
}

const deviceEvent = (
  battery: number,
  tenantId = A,
  organizationId: string | null = ORG_1,
): RealtimeEvent => ({
  type: 'device',
  tenantId,
  organizationId,
  state: {
    deviceId: DEVICE,
    status: 'online',
    batteryLevel: battery,
    lastSeenAt: null,
    latitude: null,
    longitude: null,
  },
});
const alarmEvent = (kind: AlarmKind, organizationId = ORG_1): RealtimeEvent => ({
  type: 'alarm',
  tenantId: A,
  organizationId,
  alarmId: '0190a0b0-0000-7000-8000-0000000000a1',
  kind,
  state: 'open',
  citizenName: 'Anna',
  deviceId: DEVICE,
  at: '2026-11-22T10:00:00.000Z',
});

let hub: RealtimeHub | undefined;
afterEach(() => hub?.close());

describe('realtime hub', () => {
  it('keeps each connection to its tenant, organizations and permissions', () => {
    const own = subscriber().value;
    expect(isVisibleTo(own, deviceEvent(50))).toBe(true);
    expect(isVisibleTo(own, deviceEvent(50, B))).toBe(false);
    expect(isVisibleTo(subscriber({ scope: { kind: 'host' } }).value, deviceEvent(50))).toBe(false);
    expect(isVisibleTo(subscriber({ scope: { kind: 'all' } }).value, deviceEvent(50, B))).toBe(true);
    const follower = subscriber({ organizationIds: new Set([ORG_2]) }).value;
    expect(isVisibleTo(follower, deviceEvent(50))).toBe(false);
    expect(isVisibleTo(follower, deviceEvent(50, A, ORG_2))).toBe(true);
    expect(isVisibleTo(follower, deviceEvent(50, A, null))).toBe(false);
    const noAlarms = subscriber({ permissions: new Set(['Homeward.Dashboard']) }).value;
    expect(isVisibleTo(noAlarms, alarmEvent('sos'))).toBe(false);
    expect(isVisibleTo(noAlarms, deviceEvent(50))).toBe(true);
  });

  it('sends one batch per interval, with a device’s states coalesced to the newest', () => {
    hub = new RealtimeHub(60_000);
    const { value, received } = subscriber();
    hub.add(value);
    hub.dispatch(deviceEvent(90));
    hub.dispatch(deviceEvent(80));
    hub.dispatch(deviceEvent(70, B));
    expect(received).toEqual([]);
    hub.flush();
    expect(received).toEqual([{ type: 'events', events: [deviceEvent(80)] }]);
    hub.flush();
    expect(received).toHaveLength(1);
    hub.remove(value);
    hub.dispatch(deviceEvent(60));
    hub.flush();
    expect(received).toHaveLength(1);
  });

  it('pushes an alarm at once, after what the connection had pending, and never waits for the interval', () => {
    hub = new RealtimeHub(60_000);
    const caregiver = subscriber();
    const noAlarms = subscriber({ permissions: new Set(['Homeward.Dashboard']) });
    hub.add(caregiver.value);
    hub.add(noAlarms.value);
    hub.dispatch(deviceEvent(90));
    hub.dispatch(alarmEvent('sos'));
    expect(caregiver.received).toEqual([{ type: 'events', events: [deviceEvent(90), alarmEvent('sos')] }]);
    // A connection that may not see alarms keeps its batch for the interval.
    expect(noAlarms.received).toEqual([]);

    hub.dispatch(alarmEvent('removal'));
    expect(caregiver.received.at(-1)).toEqual({ type: 'events', events: [alarmEvent('removal')] });
    hub.dispatch(deviceEvent(80));
    expect(caregiver.received).toHaveLength(2);
    hub.flush();
    expect(caregiver.received.at(-1)).toEqual({ type: 'events', events: [deviceEvent(80)] });
    expect(noAlarms.received).toEqual([{ type: 'events', events: [deviceEvent(80)] }]);
  });
});

describe('message events', () => {
  it('reach only the addressed user of the tenant, whatever their organizations', () => {
    const message: RealtimeEvent = {
      type: 'message',
      tenantId: A,
      userIds: ['reader'],
      organizationIds: [],
      messageId: '0190a0b0-0000-7000-8000-0000000000e1',
      text: 'Fire drill',
      at: '2026-11-22T10:00:00.000Z',
    };
    expect(isVisibleTo(subscriber({ userId: 'reader' }).value, message)).toBe(true);
    expect(isVisibleTo(subscriber({ userId: 'other' }).value, message)).toBe(false);
    expect(
      isVisibleTo(subscriber({ userId: 'other', organizationIds: new Set([ORG_1, ORG_2]) }).value, message),
    ).toBe(false);
    expect(
      isVisibleTo(subscriber({ userId: 'reader', scope: { kind: 'tenant', tenantId: B } }).value, message),
    ).toBe(false);
  });
});
