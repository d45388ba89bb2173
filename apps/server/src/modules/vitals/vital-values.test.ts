import { NO_VITAL_THRESHOLDS, type DeviceReport } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { checkThresholds, vitalValuesOf } from './vital-values';

const report = (attributes: DeviceReport['attributes']): DeviceReport => ({
  deviceIdentifier: '1',
  protocol: 'watch',
  deviceTime: '2026-01-01T00:00:00.000Z',
  receivedAt: '2026-01-01T00:00:00.000Z',
  kind: 'heartbeat',
  cells: [],
  wifis: [],
  alarms: [],
  attributes,
});

describe('vital values of a report', () => {
  it('reads the named attributes, numbers as text too, and nothing from a report without them', () => {
    expect(vitalValuesOf(report({ heartRate: 72, spo2: '98', steps: 100 }))).toEqual({
      heartRate: 72,
      spo2: 98,
    });
    expect(vitalValuesOf(report({ steps: 100, temperatureMode: 1 }))).toBeNull();
    expect(vitalValuesOf(report({ heartRate: 'fast', spo2: true }))).toBeNull();
  });

  it('drops what no body shows, keeping the plausible range’s ends', () => {
    expect(vitalValuesOf(report({ heartRate: 0, spo2: 255, temperature: 29.9, systolic: 261 }))).toBeNull();
    expect(
      vitalValuesOf(report({ heartRate: 20, spo2: 50, temperature: 45, systolic: 260, diastolic: 40 })),
    ).toEqual({ heartRate: 20, spo2: 50, temperature: 45, systolic: 260, diastolic: 40 });
  });
});

describe('thresholds', () => {
  const limits = {
    ...NO_VITAL_THRESHOLDS,
    heartRateMin: 40,
    heartRateMax: 140,
    spo2Min: 90,
    temperatureMax: 38,
  };

  it('names each measure outside with the limits it broke; a limit itself is within', () => {
    expect(checkThresholds({ heartRate: 150, spo2: 90, temperature: 38.4 }, limits)).toEqual({
      outOfRange: [
        { measure: 'heartRate', value: 150, min: 40, max: 140 },
        { measure: 'temperature', value: 38.4, max: 38 },
      ],
      withinRange: ['spo2'],
    });
    expect(checkThresholds({ heartRate: 40, spo2: 89 }, limits).outOfRange).toEqual([
      { measure: 'spo2', value: 89, min: 90 },
    ]);
  });

  it('ignores measures without a limit', () => {
    expect(checkThresholds({ systolic: 250, diastolic: 120 }, limits)).toEqual({
      outOfRange: [],
      withinRange: [],
    });
    expect(checkThresholds({ heartRate: 200 }, NO_VITAL_THRESHOLDS)).toEqual({
      outOfRange: [],
      withinRange: [],
    });
  });
});
