import type { CitizenDevice } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { citizenStatusOf, formatAge, latestLocatedDevice, latestSeenDevice } from './citizen-status';

const device = (values: Partial<CitizenDevice>): CitizenDevice => ({
  id: 'd',
  name: 'Watch',
  imei: '356938035643809',
  status: 'offline',
  battery: null,
  lastSeenAt: null,
  location: null,
  productName: null,
  settings: {
    positionIntervalSeconds: 60,
    sosNumber: '',
    lowBatteryThresholdPercent: 15,
    fallDetection: false,
  },
  ...values,
});

describe('citizenStatusOf', () => {
  it('puts an open alarm first, then outside a geofence, then online, else offline', () => {
    const online = device({ status: 'online' });
    const outside = device({ status: 'outsideGeofence' });
    expect(citizenStatusOf([online, outside], 1)).toBe('alarm');
    expect(citizenStatusOf([online, outside], 0)).toBe('outsideGeofence');
    expect(citizenStatusOf([device({}), online], 0)).toBe('online');
    expect(citizenStatusOf([device({ status: 'lowBatteryWarningHandled' })], 0)).toBe('online');
    expect(citizenStatusOf([device({ status: 'unknown' })], 0)).toBe('offline');
    expect(citizenStatusOf([], 0)).toBe('offline');
  });
});

describe('latest watches', () => {
  it('picks the watch seen last and the one with the newest position', () => {
    const early = device({
      id: 'early',
      lastSeenAt: '2026-11-26T08:00:00.000Z',
      location: { lat: 56, lon: 10, at: '2026-11-26T08:00:00.000Z', valid: true },
    });
    const late = device({ id: 'late', lastSeenAt: '2026-11-26T09:00:00.000Z' });
    expect(latestSeenDevice([early, late])?.id).toBe('late');
    expect(latestLocatedDevice([early, late])?.id).toBe('early');
    expect(latestSeenDevice([device({})])).toBeNull();
    expect(latestLocatedDevice([])).toBeNull();
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  it('says how long ago in the largest whole unit', () => {
    expect(formatAge('2026-11-26T09:57:00.000Z', now, 'en')).toBe('3 min. ago');
    expect(formatAge('2026-11-26T07:30:00.000Z', now, 'en')).toBe('2 hr. ago');
    expect(formatAge('2026-11-24T10:00:00.000Z', now, 'en')).toBe('2 days ago');
    expect(formatAge('2026-11-26T09:59:40.000Z', now, 'en')).toBe('now');
    expect(formatAge('2026-11-26T09:57:00.000Z', now, 'da')).toBe('3 min. siden');
  });
});
