import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters } from './geo';
import { walkOutOfGeofence } from './scripted-walk';

const edgeDistance = (
  center: { lat: number; lon: number },
  radius: number,
  fix: { lat: number; lon: number },
) => distanceMeters(center, fix) - radius;

describe('walkOutOfGeofence', () => {
  it('starts inside clear of the edge, steps out at walking speed, ends outside clear of the edge', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.integer({ min: 30, max: 2000 }),
        fc.integer({ min: 0, max: 359 }),
        fc.integer({ min: 0, max: 4 }),
        (lat, lon, radiusMeters, bearing, extra) => {
          const center = { lat, lon };
          const { fixes } = walkOutOfGeofence(
            '350000000000018',
            { kind: 'circle', center, radiusMeters },
            { bearing, extraOutsideFixes: extra, endAt: new Date('2026-01-01T10:00:00Z') },
          );
          const first = fixes[0]!;
          expect(edgeDistance(center, radiusMeters, first)).toBeLessThan(-first.accuracyMeters);
          const clear = fixes.filter((fix) => edgeDistance(center, radiusMeters, fix) > fix.accuracyMeters);
          expect(clear).toHaveLength(extra + 1);
          expect(fixes.slice(-clear.length)).toEqual(clear);
          expect(fixes.at(-1)!.at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
          for (let index = 1; index < fixes.length; index += 1) {
            expect(fixes[index]!.at.getTime() - fixes[index - 1]!.at.getTime()).toBe(5000);
            expect(distanceMeters(fixes[index - 1]!, fixes[index]!)).toBeLessThanOrEqual(1.4 * 5 + 0.01);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a polygon: its way out is not a straight line from a centre', () => {
    expect(() =>
      walkOutOfGeofence('350000000000018', {
        kind: 'polygon',
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [10, 56],
              [10.1, 56],
              [10.1, 56.1],
              [10, 56],
            ],
          ],
        },
      }),
    ).toThrow('circle geofences only');
  });
});
