import { describe, expect, it } from 'vitest';
import { METERS_PER_DEGREE, type FenceShape } from '../geofence-engine/geometry';
import { localDayBounds } from './local-day';
import { detectStops, findCrossings, thinTrack, type TrackFix } from './route-analysis';

const START = Date.UTC(2026, 10, 26, 8, 0, 0);
const minutes = (count: number) => count * 60_000;
/** A fix `north` metres north of (56, 10) at `at` minutes after START. */
const fix = (at: number, north: number, accuracyMeters = 5): TrackFix => ({
  at: START + minutes(at),
  lat: 56 + north / METERS_PER_DEGREE,
  lon: 10,
  accuracyMeters,
});

describe('detectStops', () => {
  it('finds a stay within 50 m of at least 5 minutes, with its start, end and centre', () => {
    const walk = [fix(0, 0), fix(1, 100), fix(2, 200)];
    const stay = [fix(3, 300), fix(4, 310), fix(6, 290), fix(8, 320), fix(9, 300)];
    const onwards = [fix(10, 450), fix(11, 600)];
    const stops = detectStops([...walk, ...stay, ...onwards]);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ first: 3, last: 7, start: START + minutes(3), end: START + minutes(9) });
    expect((stops[0]!.lat - 56) * METERS_PER_DEGREE).toBeCloseTo(304, 0);
  });

  it('does not call a shorter stay a stop, nor a slow walk that leaves the radius', () => {
    expect(detectStops([fix(0, 0), fix(2, 10), fix(4.9, 20), fix(6, 200)])).toEqual([]);
    // 20 m a minute: always within 50 m of the previous fix, never 5 minutes within 50 m of one place.
    expect(detectStops(Array.from({ length: 30 }, (_, index) => fix(index, index * 20)))).toEqual([]);
  });

  it('finds two stops of one day, and a stop that lasts to the last fix', () => {
    const stops = detectStops([fix(0, 0), fix(6, 5), fix(7, 500), fix(8, 900), fix(20, 905)]);
    expect(stops.map((stop) => [stop.first, stop.last])).toEqual([
      [0, 1],
      [3, 4],
    ]);
  });

  it('answers nothing for no fixes', () => {
    expect(detectStops([])).toEqual([]);
  });
});

/** A 100 m circle around (56, 10). */
const home: FenceShape & { id: string } = {
  id: 'home',
  kind: 'circle',
  centerLat: 56,
  centerLon: 10,
  radiusMeters: 100,
  minLat: 55.99,
  maxLat: 56.01,
  minLon: 9.98,
  maxLon: 10.02,
};

describe('findCrossings', () => {
  it('marks the exit and the entry at the fixes that decide them, not where the day starts', () => {
    const track = [fix(0, 0), fix(1, 50), fix(2, 200), fix(3, 300), fix(4, 150), fix(5, 20), fix(6, 0)];
    expect(findCrossings(track, [home], 2)).toEqual([
      { index: 2, fenceId: 'home', kind: 'exit' },
      { index: 5, fenceId: 'home', kind: 'entry' },
    ]);
  });

  it('needs confirmations for a fix near the edge within its accuracy', () => {
    // 110 m with a 30 m accuracy: maybe still inside; only the second such fix decides the exit.
    const track = [fix(0, 0), fix(1, 110, 30), fix(2, 112, 30), fix(3, 0)];
    expect(findCrossings(track, [home], 2)).toEqual([
      { index: 2, fenceId: 'home', kind: 'exit' },
      { index: 3, fenceId: 'home', kind: 'entry' },
    ]);
  });

  it('marks nothing for a day spent outside, or without fences', () => {
    expect(findCrossings([fix(0, 500), fix(1, 600)], [home], 2)).toEqual([]);
    expect(findCrossings([fix(0, 0), fix(1, 600)], [], 2)).toEqual([]);
  });
});

describe('thinTrack', () => {
  it('keeps every point under the bound', () => {
    expect(thinTrack(4, 10)).toEqual([0, 1, 2, 3]);
  });

  it('thins evenly to the bound, keeping the ends and the marked points', () => {
    const kept = thinTrack(100_000, 1000, [12_345, 67_891]);
    expect(kept.length).toBeLessThanOrEqual(1000);
    expect(kept.length).toBeGreaterThan(990);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(99_999);
    expect(kept).toContain(12_345);
    expect(kept).toContain(67_891);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
  });
});

describe('localDayBounds', () => {
  it('is the local midnight to midnight, 24 hours on an ordinary day', () => {
    expect(localDayBounds('2026-11-26', 'Europe/Copenhagen')).toEqual({
      from: new Date('2026-11-25T23:00:00.000Z'),
      to: new Date('2026-11-26T23:00:00.000Z'),
    });
    expect(localDayBounds('2026-07-01', 'Europe/Copenhagen').from).toEqual(
      new Date('2026-06-30T22:00:00.000Z'),
    );
    expect(localDayBounds('2026-11-26', 'UTC').from).toEqual(new Date('2026-11-26T00:00:00.000Z'));
  });

  it('is 23 hours on the spring change and 25 on the autumn one', () => {
    const spring = localDayBounds('2026-03-29', 'Europe/Copenhagen');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = localDayBounds('2026-10-25', 'Europe/Copenhagen');
    expect(autumn.from).toEqual(new Date('2026-10-24T22:00:00.000Z'));
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('handles zones ahead and behind, and month ends', () => {
    expect(localDayBounds('2026-12-31', 'America/New_York')).toEqual({
      from: new Date('2026-12-31T05:00:00.000Z'),
      to: new Date('2027-01-01T05:00:00.000Z'),
    });
    expect(localDayBounds('2026-02-28', 'Asia/Kolkata').to).toEqual(new Date('2026-02-28T18:30:00.000Z'));
  });
});
