import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, LIVE_MAP_ALARM_SEVERITY, moreSevereAlarmKind } from '@homeward/contracts';
import { liveMapStatusOf, worseStatus } from './live-map-status';
import { mapCitizen } from './live-map-test-data';

describe('live map status', () => {
  it('puts an open alarm before outside a geofence, and that before the watch’s own state', () => {
    expect(
      liveMapStatusOf(mapCitizen({ alarm: { kind: 'lowBattery', count: 1 }, outsideGeofence: true })),
    ).toBe('alarm');
    expect(liveMapStatusOf(mapCitizen({ outsideGeofence: true, status: 'offline' }))).toBe('outsideGeofence');
    expect(liveMapStatusOf(mapCitizen({ status: 'online' }))).toBe('online');
    // A handled low-battery warning still reports; a handled offline alarm and a never-seen watch do not.
    expect(liveMapStatusOf(mapCitizen({ status: 'lowBatteryWarningHandled' }))).toBe('online');
    expect(liveMapStatusOf(mapCitizen({ status: 'offlineAlarmHandled' }))).toBe('offline');
    expect(liveMapStatusOf(mapCitizen({ status: 'unknown' }))).toBe('offline');
    expect(liveMapStatusOf(mapCitizen({ status: null, deviceId: null }))).toBe('offline');
  });

  it('colours a cluster by its most urgent status, and ranks alarm kinds by severity', () => {
    expect(worseStatus('online', 'offline')).toBe('offline');
    expect(worseStatus('alarm', 'outsideGeofence')).toBe('alarm');
    expect(worseStatus('outsideGeofence', 'online')).toBe('outsideGeofence');
    expect(moreSevereAlarmKind('lowBattery', 'sos')).toBe('sos');
    expect(moreSevereAlarmKind('fall', 'outsideGeofence')).toBe('fall');
    expect(moreSevereAlarmKind('general', 'removal')).toBe('general');
  });
});

describe('live map alarm severity', () => {
  it('ranks every alarm kind exactly once', () => {
    expect([...LIVE_MAP_ALARM_SEVERITY].sort()).toEqual([...ALARM_KINDS].sort());
  });
});
