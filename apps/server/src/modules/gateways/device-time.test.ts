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
    expect(saneDeviceTime(shifted(-MAX_PAST_AGE_MS), receivedAt).old).toBeUndefined();
  });

  it('uses the receive time for a clock ahead or unreadable, keeping the original', () => {
    expect(saneDeviceTime(shifted(MAX_FUTURE_SKEW_MS + 1), receivedAt, 'sent')).toEqual({
      deviceTime: receivedAt.toISOString(),
      originalDeviceTime: 'sent',
    });
    expect(saneDeviceTime(new Date(Number.NaN), receivedAt, 'x').originalDeviceTime).toBe('x');
    expect(saneDeviceTime(undefined, receivedAt)).toEqual({ deviceTime: receivedAt.toISOString() });
  });

  it('keeps the time of a report over 30 days old and flags it old', () => {
    expect(saneDeviceTime(shifted(-MAX_PAST_AGE_MS - 1000), receivedAt, 'sent')).toEqual({
      deviceTime: '2026-05-02T11:59:59.000Z',
      old: true,
    });
    // A clock reset to the firmware's default date is old too, not replaced.
    expect(saneDeviceTime(new Date('2000-01-01T00:00:05Z'), receivedAt)).toEqual({
      deviceTime: '2000-01-01T00:00:05.000Z',
      old: true,
    });
  });
});
