import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installValidationMessages, fieldErrorsOf } from './validation';
import {
  GEOFENCE_MESSAGE_KEYS,
  geofenceBoundingBox,
  polygonRingProblem,
  zSaveGeofenceRequest,
  type Position,
} from './geofences';

installValidationMessages();

/** A star-shaped ring around a centre: angles strictly increasing, so its edges never cross. */
const starRing = fc
  .record({
    lon: fc.double({ min: -170, max: 170, noNaN: true }),
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    radii: fc.array(fc.double({ min: 0.001, max: 0.05, noNaN: true }), { minLength: 3, maxLength: 40 }),
  })
  .map(({ lon, lat, radii }) => {
    const points: Position[] = radii.map((radius, index) => {
      const angle = (2 * Math.PI * index) / radii.length;
      return [lon + radius * Math.cos(angle), lat + radius * Math.sin(angle)];
    });
    return [...points, points[0]!];
  });

/** An axis-aligned rectangle visited corner to opposite corner: a bow tie, always crossing itself. */
const bowTie = fc
  .record({
    lon: fc.double({ min: -170, max: 170, noNaN: true }),
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    width: fc.double({ min: 0.0001, max: 1, noNaN: true }),
    height: fc.double({ min: 0.0001, max: 1, noNaN: true }),
  })
  .map(({ lon, lat, width, height }): Position[] => [
    [lon, lat],
    [lon + width, lat + height],
    [lon + width, lat],
    [lon, lat + height],
    [lon, lat],
  ]);

const rotate = (ring: Position[], by: number): Position[] => {
  const open = ring.slice(0, -1);
  const shift = by % open.length;
  const rotated = [...open.slice(shift), ...open.slice(0, shift)];
  return [...rotated, rotated[0]!];
};

const request = (geometry: unknown) => ({ name: 'Home', geometry });
const polygon = (ring: unknown) => ({ kind: 'polygon', polygon: { type: 'Polygon', coordinates: [ring] } });
const errorsOf = (payload: unknown) => {
  const result = zSaveGeofenceRequest.safeParse(payload);
  return result.success ? [] : fieldErrorsOf(result.error);
};

describe('polygon validation (properties)', () => {
  it('accepts every star-shaped ring, whatever vertex it starts at and in either direction', () => {
    fc.assert(
      fc.property(starRing, fc.nat(), (ring, shift) => {
        expect(polygonRingProblem(ring)).toBeNull();
        expect(polygonRingProblem(rotate(ring, shift))).toBeNull();
        expect(polygonRingProblem([...ring].reverse())).toBeNull();
        expect(zSaveGeofenceRequest.safeParse(request(polygon(ring))).success).toBe(true);
      }),
    );
  });

  it('refuses every bow tie as self-intersecting, on the polygon field', () => {
    fc.assert(
      fc.property(bowTie, fc.nat(), (ring, shift) => {
        expect(polygonRingProblem(rotate(ring, shift))).toBe(GEOFENCE_MESSAGE_KEYS.polygonSelfIntersecting);
        expect(errorsOf(request(polygon(ring)))).toEqual([
          { field: 'geometry.polygon.coordinates', message: GEOFENCE_MESSAGE_KEYS.polygonSelfIntersecting },
        ]);
      }),
    );
  });

  it('refuses rings with fewer than 3 distinct points or all on one line', () => {
    const point = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
    );
    fc.assert(
      fc.property(point, point, fc.integer({ min: 0, max: 5 }), (a, b, repeats) => {
        const ring: Position[] = [a, ...Array.from({ length: repeats }, () => b), a];
        expect(polygonRingProblem(ring)).toBe(GEOFENCE_MESSAGE_KEYS.polygonTooFewPoints);
      }),
    );
    expect(
      polygonRingProblem([
        [10, 56],
        [10.1, 56.1],
        [10.2, 56.2],
        [10, 56],
      ]),
    ).toBe(GEOFENCE_MESSAGE_KEYS.polygonTooFewPoints);
  });

  it('refuses an open ring', () => {
    fc.assert(
      fc.property(starRing, (ring) => {
        expect(polygonRingProblem(ring.slice(0, -1))).toBe(GEOFENCE_MESSAGE_KEYS.polygonNotClosed);
      }),
    );
  });

  it('never throws on arbitrary input and never accepts out-of-range coordinates', () => {
    fc.assert(
      fc.property(fc.anything(), (geometry) => {
        expect(() => zSaveGeofenceRequest.safeParse(request(geometry))).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(starRing, fc.double({ min: 90.000001, max: 1e6, noNaN: true }), (ring, lat) => {
        const bad = ring.map(([lon]) => [lon, lat] as Position);
        expect(zSaveGeofenceRequest.safeParse(request(polygon(bad))).success).toBe(false);
      }),
    );
  });
});

describe('geofence request', () => {
  it('says an area must be drawn when the geometry is missing or null', () => {
    for (const payload of [{ name: 'Home' }, request(null)]) {
      expect(errorsOf(payload)).toEqual([{ field: 'geometry', message: GEOFENCE_MESSAGE_KEYS.areaRequired }]);
    }
  });

  it('refuses a radius of 0 or over 50 km and a centre out of range, field by field', () => {
    const circle = (lat: number, lon: number, radiusMeters: number) =>
      request({ kind: 'circle', center: { lat, lon }, radiusMeters });
    expect(errorsOf(circle(56, 10, 0))).toEqual([
      { field: 'geometry.radiusMeters', message: GEOFENCE_MESSAGE_KEYS.radiusOutOfRange },
    ]);
    expect(errorsOf(circle(56, 10, 50_001))[0]?.message).toBe(GEOFENCE_MESSAGE_KEYS.radiusOutOfRange);
    expect(errorsOf(circle(56, 10, 50_000))).toEqual([]);
    expect(errorsOf(circle(91, 181, 100)).map((error) => error.field)).toEqual([
      'geometry.center.lat',
      'geometry.center.lon',
    ]);
  });

  it('gives a circle a bounding box that holds it', () => {
    const box = geofenceBoundingBox({
      kind: 'circle',
      center: { lat: 56.15, lon: 10.2 },
      radiusMeters: 1000,
    });
    expect(box.maxLat - box.minLat).toBeCloseTo(0.018, 3);
    expect(box.maxLon - box.minLon).toBeGreaterThan(box.maxLat - box.minLat);
  });
});
