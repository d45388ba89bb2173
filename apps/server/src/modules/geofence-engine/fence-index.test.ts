import fc from 'fast-check';
import { circleBoundingBox } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { indexFences } from './fence-index';
import { citizenPlacement, evaluatePosition, type EngineFence } from './geofence-engine';

const circleAt = (id: string, lat: number, lon: number, radiusMeters: number): EngineFence => ({
  id,
  kind: 'circle',
  centerLat: lat,
  centerLon: lon,
  radiusMeters,
  ...circleBoundingBox({ lat, lon }, radiusMeters),
});

const fences = fc
  .array(
    fc.tuple(
      fc.double({ min: 55.5, max: 56.5, noNaN: true }),
      fc.double({ min: 9.5, max: 10.5, noNaN: true }),
      fc.double({ min: 20, max: 20_000, noNaN: true }),
    ),
    { minLength: 1, maxLength: 120 },
  )
  .map((shapes) => shapes.map(([lat, lon, radius], index) => circleAt(`f${index}`, lat, lon, radius)));

describe('the fence index', () => {
  it('finds exactly the fences the scan finds', () => {
    fc.assert(
      fc.property(
        fences,
        fc.double({ min: 55.4, max: 56.6, noNaN: true }),
        fc.double({ min: 9.4, max: 10.6, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (all, lat, lon, margin) => {
          const found = (mode: 'scan' | 'grid') => {
            const ids: string[] = [];
            indexFences(all, mode).forEachNear(lat, lon, margin, (fence) => ids.push(fence.id));
            return ids.sort();
          };
          expect(found('grid')).toEqual(found('scan'));
        },
      ),
    );
  });
});

describe('evaluating a position', () => {
  const home = circleAt('home', 56.1572, 10.2107, 200);
  const centre = circleAt('centre', 56.17, 10.2, 100);

  it('tracks every fence and decides the citizen by the one they are in', () => {
    const first = evaluatePosition(
      [home, centre],
      new Map(),
      { latitude: 56.1572, longitude: 10.2107, accuracyMeters: 10 },
      2,
    );
    expect(first.next.get('home')!.state).toBe('inside');
    expect(first.next.get('centre')!.state).toBe('outside');
    expect(first.crossings).toEqual([]);
    expect(citizenPlacement([...first.next.values()].map((tracking) => tracking.state))).toBe('inside');

    const away = evaluatePosition(
      [home, centre],
      first.next,
      { latitude: 56.3, longitude: 10.5, accuracyMeters: 10 },
      2,
    );
    expect(away.crossings).toEqual([{ geofenceId: 'home', crossing: 'exit' }]);
    expect(citizenPlacement([...away.next.values()].map((tracking) => tracking.state))).toBe('outside');
  });

  it('leaves the citizen undecided while a fence is still unknown', () => {
    expect(citizenPlacement(['outside', 'unknown'])).toBeNull();
    expect(citizenPlacement([])).toBeNull();
    expect(citizenPlacement(['unknown', 'inside'])).toBe('inside');
  });
});
