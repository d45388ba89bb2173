import { describe, expect, it } from 'vitest';
import { MAX_FUTURE_SKEW_MS, MAX_PAST_AGE_MS, saneDeviceTime } from './device-time';

const receivedAt = new Date('2026-06-01T12:00:00Z');
const shifted = (ms: number) => new Date(receivedAt.getTime() + ms);

describe('saneDeviceTime', () => {
  it('keeps a plausible device time, including buffered reports days old', () => {
    expect(saneDeviceTime(shifted(-3 * 24 * 3600_000), receivedAt)).toEqual({
      deviceTime: '2026-05-29T12:00:00.000Z',
    });
    expect(saneDeviceTime(shifted(MAX_FUTURE_SKEW_MS), receivedAt).originalDeviceTime).toBeUndefined();
  });

  it('uses the receive time for a clock ahead or reset, keeping the original', () => {
    expect(saneDeviceTime(shifted(MAX_FUTURE_SKEW_MS + 1), receivedAt, 'sent')).toEqual({
      deviceTime: receivedAt.toISOString(),
      originalDeviceTime: 'sent',
    });
    expect(saneDeviceTime(shifted(-MAX_PAST_AGE_MS - 1), receivedAt).deviceTime).toBe(
      receivedAt.toISOString(),
    );
    expect(saneDeviceTime(new Date(Number.NaN), receivedAt, 'x').originalDeviceTime).toBe('x');
    expect(saneDeviceTime(undefined, receivedAt)).toEqual({ deviceTime: receivedAt.toISOString() });
  });
});
