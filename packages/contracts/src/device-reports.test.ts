import { describe, expect, it } from 'vitest';
import { zDeviceReport, zMqttDeviceReportPayload } from './device-reports';

const report = {
  deviceIdentifier: '4700222306',
  protocol: 'watch',
  deviceTime: '2016-03-12T14:04:44.000Z',
  receivedAt: '2016-03-12T14:05:00.000Z',
  kind: 'position',
  position: { lat: 48.779045, lon: 9.1574736, speedKnots: 0.31, valid: true },
  battery: { percent: 77 },
  cells: [{ mcc: 262, mnc: 1, lac: 21041, cid: 9067, rssi: 121 }],
  wifis: [{ mac: '34:31:c4:c8:a9:22', rssi: -67, ssid: 'WG-Superlativ' }],
  alarms: [],
  attributes: { steps: 0, status: '00000000', stationary: true },
};

describe('zDeviceReport', () => {
  it('accepts a normalised report', () => {
    expect(zDeviceReport.parse(report)).toEqual(report);
  });

  it('refuses unknown protocols, kinds, alarms, upper-case MACs and out-of-range points', () => {
    for (const bad of [
      { protocol: 'gt06' },
      { kind: 'photo' },
      { alarms: ['panic'] },
      { wifis: [{ mac: '34:31:C4:C8:A9:22', rssi: -67 }] },
      { position: { lat: 91, lon: 0, valid: true } },
      { deviceTime: 'yesterday' },
    ]) {
      expect(zDeviceReport.safeParse({ ...report, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('zMqttDeviceReportPayload', () => {
  it('fills the defaults of a minimal payload', () => {
    expect(zMqttDeviceReportPayload.parse({})).toEqual({
      kind: 'position',
      cells: [],
      wifis: [],
      alarms: [],
      attributes: {},
    });
  });
});
