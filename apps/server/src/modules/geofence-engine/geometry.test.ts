import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceToRing,
  haversineMeters,
  METERS_PER_DEGREE,
  nearBoundingBox,
  ringContains,
  signedEdgeDistance,
  type FenceShape,
} from './geometry';

/** An L-shaped (concave) ring: the notch's corner at (10.2, 56.2) is outside the L. */
const L_RING = [
  [10.0, 56.0],
  [10.4, 56.0],
  [10.4, 56.2],
  [10.2, 56.2],
  [10.2, 56.4],
  [10.0, 56.4],
  [10.0, 56.0],
];
const L: FenceShape = { kind: 'polygon', ring: L_RING, minLat: 56, minLon: 10, maxLat: 56.4, maxLon: 10.4 };

describe('haversine', () => {
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineMeters(56, 10, 57, 10)).toBeCloseTo(METERS_PER_DEGREE, 3);
  });
  it('measures Aarhus to Copenhagen as about 156 km', () => {
    expect(haversineMeters(56.1572, 10.2107, 55.6761, 12.5683) / 1000).toBeCloseTo(156.3, 0);
  });
  it('is symmetric and zero from a point to itself', () => {
    const lat = fc.double({ min: -80, max: 80, noNaN: true });
    const lon = fc.double({ min: -179, max: 179, noNaN: true });
    fc.assert(
      fc.property(lat, lon, lat, lon, (a, b, c, d) => {
        expect(haversineMeters(a, b, a, b)).toBe(0);
        expect(haversineMeters(a, b, c, d)).toBeCloseTo(haversineMeters(c, d, a, b), 6);
      }),
    );
  });
});

describe('circles', () => {
  const circle: FenceShape = {
    kind: 'circle',
    centerLat: 56.1572,
    centerLon: 10.2107,
    radiusMeters: 200,
    minLat: 56.1554,
    minLon: 10.2075,
    maxLat: 56.159,
    maxLon: 10.2139,
  };
  it('is negative inside, positive outside, by the distance to the edge', () => {
    expect(signedEdgeDistance(circle, 56.1572, 10.2107)).toBeCloseTo(-200, 6);
    const north = (meters: number) => 56.1572 + meters / METERS_PER_DEGREE;
    expect(signedEdgeDistance(circle, north(150), 10.2107)).toBeCloseTo(-50, 3);
    expect(signedEdgeDistance(circle, north(260), 10.2107)).toBeCloseTo(60, 3);
  });
});

describe('polygons', () => {
  it('contain points of a concave ring and not its notch', () => {
    expect(signedEdgeDistance(L, 56.1, 10.1)).toBeLessThan(0);
    expect(signedEdgeDistance(L, 56.3, 10.1)).toBeLessThan(0);
    expect(signedEdgeDistance(L, 56.1, 10.3)).toBeLessThan(0);
    expect(signedEdgeDistance(L, 56.3, 10.3)).toBeGreaterThan(0);
    expect(signedEdgeDistance(L, 55.9, 10.1)).toBeGreaterThan(0);
  });
  it('count every vertex and edge point as inside (distance 0)', () => {
    for (const [lon, lat] of L_RING) expect(signedEdgeDistance(L, lat!, lon!)).toBe(0);
    expect(signedEdgeDistance(L, 56.0, 10.1)).toBe(0);
    expect(signedEdgeDistance(L, 56.3, 10.2)).toBe(0);
    expect(signedEdgeDistance(L, 56.2, 10.3)).toBe(0);
  });
  it('are right on rays through vertices (the half-open rule)', () => {
    // A horizontal ray from these points passes exactly through the vertices at lat 56.2 and 56.0.
    expect(ringContains(L_RING, 56.2, 9.9)).toBe(false);
    expect(ringContains(L_RING, 56.2, 10.1)).toBe(true);
    expect(ringContains(L_RING, 56.2, 10.5)).toBe(false);
  });
  it('measure the distance to the nearest edge', () => {
    // 0.01° north of the notch's horizontal edge, and east of the vertical one by more.
    expect(distanceToRing(L_RING, 56.21, 10.35)).toBeCloseTo(0.01 * METERS_PER_DEGREE, 0);
  });

  /** A convex ring: the points around a centre at increasing angles, closed. */
  const convexRing = fc
    .tuple(
      fc.double({ min: 54, max: 58, noNaN: true }),
      fc.double({ min: 8, max: 15, noNaN: true }),
      fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 12 }),
      fc.double({ min: 0.001, max: 0.5, noNaN: true }),
    )
    .filter(([, , angles]) => {
      const sorted = [...angles].sort((a, b) => a - b);
      // No gap of 180° or more: the centre is strictly inside the hull.
      return sorted.every((angle, index) => (sorted[(index + 1) % sorted.length]! - angle + 360) % 360 < 170);
    })
    .map(([lat, lon, angles, size]) => {
      const ring = [...angles]
        .sort((a, b) => a - b)
        .map((angle) => [
          lon + size * Math.cos((angle * Math.PI) / 180),
          lat + size * Math.sin((angle * Math.PI) / 180),
        ]);
      return [...ring, ring[0]!];
    });

  it("contain every convex combination of a convex ring's vertices", () => {
    fc.assert(
      fc.property(
        convexRing,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (ring, weights) => {
          const vertices = ring.slice(0, -1);
          const used = weights.slice(0, vertices.length);
          const total = used.reduce((sum, weight) => sum + weight, 0);
          fc.pre(total > 1e-6);
          const lon = vertices.reduce((sum, vertex, index) => sum + vertex[0]! * used[index]!, 0) / total;
          const lat = vertices.reduce((sum, vertex, index) => sum + vertex[1]! * used[index]!, 0) / total;
          const box = {
            minLat: Math.min(...vertices.map((vertex) => vertex[1]!)),
            maxLat: Math.max(...vertices.map((vertex) => vertex[1]!)),
            minLon: Math.min(...vertices.map((vertex) => vertex[0]!)),
            maxLon: Math.max(...vertices.map((vertex) => vertex[0]!)),
          };
          expect(signedEdgeDistance({ kind: 'polygon', ring, ...box }, lat, lon)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it('never contain a point outside the bounding box', () => {
    fc.assert(
      fc.property(convexRing, fc.double({ min: 0.0001, max: 1, noNaN: true }), (ring, beyond) => {
        const maxLat = Math.max(...ring.map((vertex) => vertex[1]!));
        expect(ringContains(ring, maxLat + beyond, ring[0]![0]!)).toBe(false);
      }),
    );
  });
});

describe('the bounding-box pre-filter', () => {
  it('never drops a fence within the margin of the point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 54, max: 58, noNaN: true }),
        fc.double({ min: 8, max: 15, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lon, margin, bearing, fraction) => {
          // A box corner-point at `fraction` of the margin away from the point, in any direction.
          const meters = margin * fraction;
          const cornerLat = lat + (meters * Math.cos(bearing)) / METERS_PER_DEGREE;
          const cornerLon =
            lon + (meters * Math.sin(bearing)) / (METERS_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
          const box = {
            minLat: cornerLat,
            maxLat: cornerLat + 0.01,
            minLon: cornerLon,
            maxLon: cornerLon + 0.01,
          };
          expect(nearBoundingBox(box, lat, lon, margin)).toBe(true);
        },
      ),
    );
  });
});
