import { zDeviceReport } from '@homeward/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeMqttCommandAnswer,
  decodeMqttReport,
  deviceIdOfCommandAnswerTopic,
  deviceIdOfReportTopic,
  mqttCommandAnswerTopic,
  mqttCommandTopic,
  mqttReportTopic,
} from './mqtt-report';

const at = new Date('2026-01-01T12:00:00Z');

describe('MQTT report topics', () => {
  it('names the report and command topics of a device', () => {
    expect(mqttReportTopic('353861053849681')).toBe('homeward/devices/353861053849681/report');
    expect(mqttCommandTopic('353861053849681')).toBe('homeward/devices/353861053849681/commands');
    expect(() => mqttCommandTopic('a/#')).toThrow(/topic/);
  });

  it('reads the device id of a report topic only', () => {
    expect(deviceIdOfReportTopic('homeward/devices/abc-1/report')).toBe('abc-1');
    expect(deviceIdOfReportTopic('homeward/devices/abc-1/commands')).toBeNull();
    expect(deviceIdOfReportTopic('homeward/devices/a/b/report')).toBeNull();
    expect(deviceIdOfReportTopic('other/devices/abc/report')).toBeNull();
  });
});

describe('decodeMqttReport', () => {
  it('turns a JSON payload into a report with the topic id and the receive time', () => {
    const payload = JSON.stringify({
      deviceTime: '2026-01-01T11:59:30Z',
      position: { lat: 55.6, lon: 12.5, valid: true, accuracyMeters: 20 },
      battery: { percent: 40 },
      wifis: [{ mac: 'aa:bb:cc:dd:ee:ff', rssi: -70 }],
      alarms: ['fall', 'fall'],
    });
    const result = decodeMqttReport('homeward/devices/w1/report', Buffer.from(payload), at);
    expect(result).toEqual({
      ok: true,
      report: {
        deviceIdentifier: 'w1',
        protocol: 'mqtt',
        deviceTime: '2026-01-01T11:59:30.000Z',
        receivedAt: at.toISOString(),
        kind: 'position',
        position: { lat: 55.6, lon: 12.5, valid: true, accuracyMeters: 20 },
        battery: { percent: 40 },
        cells: [],
        wifis: [{ mac: 'aa:bb:cc:dd:ee:ff', rssi: -70 }],
        alarms: ['fall'],
        attributes: {},
      },
    });
  });

  it('keeps the device time of a report over 30 days old and flags it old', () => {
    const payload = JSON.stringify({
      deviceTime: '2025-10-01T08:00:00Z',
      position: { lat: 1, lon: 2, valid: false },
    });
    const result = decodeMqttReport('homeward/devices/w1/report', payload, at);
    expect(result).toMatchObject({ ok: true, report: { deviceTime: '2025-10-01T08:00:00.000Z', old: true } });
    // The device cannot say so itself: `old` is no payload field.
    const claimed = decodeMqttReport('homeward/devices/w1/report', JSON.stringify({ old: true }), at);
    expect(claimed.ok && claimed.report.old).toBeFalsy();
  });

  it('rejects with a clear reason: topic, JSON, and each invalid field', () => {
    expect(decodeMqttReport('homeward/devices/w1/status', '{}', at)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a report topic/),
    });
    expect(decodeMqttReport('homeward/devices/w1/report', '{oops', at)).toEqual({
      ok: false,
      reason: 'payload is not valid JSON',
    });
    const invalid = decodeMqttReport(
      'homeward/devices/w1/report',
      JSON.stringify({ position: { lat: 200, lon: 0, valid: true }, alarms: ['boom'] }),
      at,
    );
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.issues?.map((issue) => issue.field)).toEqual(['position.lat', 'alarms.0']);
      expect(invalid.reason).toContain('position.lat');
    }
    expect(decodeMqttReport('homeward/devices/w1/report', 'x'.repeat(70_000), at)).toMatchObject({
      ok: false,
    });
  });

  it('refuses a payload over the configured limit before parsing it, and text the database refuses', () => {
    const topic = 'homeward/devices/w1/report';
    // Not JSON at all: the size is the reason, so it was never parsed.
    expect(decodeMqttReport(topic, '{'.repeat(2049), at, 2048)).toEqual({
      ok: false,
      reason: 'payload larger than 2048 bytes',
    });
    expect(decodeMqttReport(topic, JSON.stringify({ attributes: { note: 'a\u0000' } }), at)).toEqual({
      ok: false,
      reason: 'invalid payload: attributes.note contains a NUL character',
    });
    expect(decodeMqttReport(topic, JSON.stringify({ attributes: { '\udc00': 1 } }), at)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/a key in attributes contains an unpaired surrogate/),
    });
  });

  it('never throws on random payloads and only accepts contract-valid reports', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (payload) => {
        const result = decodeMqttReport('homeward/devices/x/report', payload, at);
        if (result.ok) expect(zDeviceReport.safeParse(result.report).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('MQTT command answers', () => {
  it('reads the device id of an answer topic only', () => {
    expect(mqttCommandAnswerTopic('4700186508')).toBe('homeward/devices/4700186508/commands/ack');
    expect(deviceIdOfCommandAnswerTopic('homeward/devices/4700186508/commands/ack')).toBe('4700186508');
    expect(deviceIdOfCommandAnswerTopic('homeward/devices/4700186508/commands')).toBeNull();
    expect(deviceIdOfCommandAnswerTopic('homeward/devices/+/commands/ack')).toBeNull();
    expect(deviceIdOfCommandAnswerTopic('homeward/devices/4700186508/report')).toBeNull();
  });

  it('decodes { commandId, status } and nothing else', () => {
    const commandId = '0192F0C0-0000-7000-8000-000000000001';
    expect(decodeMqttCommandAnswer(JSON.stringify({ commandId, status: 'ok' }))).toEqual({
      commandId: commandId.toLowerCase(),
      ok: true,
    });
    expect(decodeMqttCommandAnswer(JSON.stringify({ commandId, status: 'error' }))).toMatchObject({
      ok: false,
    });
    expect(decodeMqttCommandAnswer(JSON.stringify({ commandId, status: 'maybe' }))).toBeNull();
    expect(decodeMqttCommandAnswer(JSON.stringify({ commandId: 'x', status: 'ok' }))).toBeNull();
    expect(decodeMqttCommandAnswer('not json')).toBeNull();
  });

  it('never throws on random payloads', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const answer = decodeMqttCommandAnswer(text);
        expect(answer === null || typeof answer.commandId === 'string').toBe(true);
      }),
    );
  });
});
