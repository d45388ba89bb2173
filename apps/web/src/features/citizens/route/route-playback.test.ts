import type { RoutePoint } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { boxOf, formatDuration, localToday, nextPlaybackTime, positionAt } from './route-playback';

const point = (at: string, lat: number, lon: number): RoutePoint => ({
  at,
  lat,
  lon,
  deviceId: '0196f0a0-0000-7000-8000-000000000000',
});
const points = [
  point('2026-11-26T08:00:00.000Z', 56, 10),
  point('2026-11-26T08:10:00.000Z', 56.01, 10),
  point('2026-11-26T08:20:00.000Z', 56.01, 10.02),
];
const times = points.map((entry) => Date.parse(entry.at));

describe('positionAt', () => {
  it('interpolates between the fixes around the moment', () => {
    const half = positionAt(points, times, Date.parse('2026-11-26T08:05:00.000Z'))!;
    expect(half.lat).toBeCloseTo(56.005);
    expect(half).toMatchObject({ lon: 10, index: 0 });
    const later = positionAt(points, times, Date.parse('2026-11-26T08:15:00.000Z'))!;
    expect(later.index).toBe(1);
    expect(later.lon).toBeCloseTo(10.01);
  });

  it('holds the ends outside the track, and is null without points', () => {
    expect(positionAt(points, times, 0)).toEqual({ lat: 56, lon: 10, index: 0 });
    expect(positionAt(points, times, Date.parse('2026-11-27T00:00:00.000Z'))).toEqual({
      lat: 56.01,
      lon: 10.02,
      index: 2,
    });
    expect(positionAt([], [], 0)).toBeNull();
  });
});

describe('nextPlaybackTime', () => {
  it('moves a two-hundredth of the track on, at least a second, never past the end', () => {
    expect(nextPlaybackTime(0, 0, 200_000)).toBe(1000);
    expect(nextPlaybackTime(0, 0, 2_000_000)).toBe(10_000);
    expect(nextPlaybackTime(1_995_000, 0, 2_000_000)).toBe(2_000_000);
  });
});

describe('formatting', () => {
  it('boxes the places, says durations in hours and minutes, and names today', () => {
    expect(boxOf(points)).toEqual({ minLat: 56, maxLat: 56.01, minLon: 10, maxLon: 10.02 });
    expect(boxOf([])).toBeNull();
    const units = { hours: 'h', minutes: 'min' };
    expect(formatDuration(360, units)).toBe('6 min');
    expect(formatDuration(3900, units)).toBe('1 h 05 min');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
