import { describe, expect, it } from 'vitest';
import { buildClusterIndex, CLUSTER_MAX_ZOOM, expansionZoom, itemsIn } from './live-map-clusters';
import { mapCitizen } from './live-map-test-data';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('live map clusters', () => {
  it('groups 5,000 citizens into bubbles with their count, each coloured by its most urgent citizen', () => {
    const citizens = Array.from({ length: 5000 }, (_, index) =>
      mapCitizen({ latitude: 55.6 + (index % 100) * 0.02, longitude: 9 + Math.floor(index / 100) * 0.03 }),
    );
    citizens[1234] = { ...citizens[1234]!, alarm: { kind: 'sos', count: 1 } };
    citizens.push(mapCitizen({ latitude: null, longitude: null }));
    const index = buildClusterIndex(citizens);

    const items = itemsIn(index, WORLD, 7);
    const clusters = items.filter((item) => item.kind === 'cluster');
    expect(items.length).toBeLessThan(200);
    const total = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    // Every located citizen is in exactly one item; the one without a position is in none.
    expect(total).toBe(5000);
    expect(clusters.filter((cluster) => cluster.status === 'alarm')).toHaveLength(1);
    expect(clusters.filter((cluster) => cluster.status !== 'alarm').every((c) => c.status === 'online')).toBe(
      true,
    );

    // Clicking a bubble zooms to where it falls apart; at street level every citizen stands alone.
    const bubble = clusters.find((cluster) => cluster.status === 'alarm')!;
    expect(expansionZoom(index, bubble.clusterId)).toBeGreaterThan(7);
    const street = itemsIn(index, WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(street).toHaveLength(5000);
    expect(street.every((item) => item.kind === 'citizen')).toBe(true);
  });

  it('keeps a citizen far from the others alone', () => {
    const lonely = mapCitizen({ latitude: 57.7, longitude: 10.6, outsideGeofence: true });
    const index = buildClusterIndex([mapCitizen(), mapCitizen({ latitude: 56.1501 }), lonely]);
    const items = itemsIn(index, WORLD, 8);
    expect(items).toContainEqual({ kind: 'citizen', citizenId: lonely.citizenId, lat: 57.7, lon: 10.6 });
    expect(items.find((item) => item.kind === 'cluster')).toMatchObject({ count: 2, status: 'online' });
  });
});
