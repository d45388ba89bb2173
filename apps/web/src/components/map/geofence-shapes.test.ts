import type { GeofenceGeometry } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import L from './leaflet';
import { geometryOfLayer, layerOfGeometry } from './geofence-shapes';

describe('geofence shapes', () => {
  it('keeps a circle a real Leaflet circle, centre and radius unchanged', () => {
    const circle: GeofenceGeometry = {
      kind: 'circle',
      center: { lat: 56.1631, lon: 10.1894 },
      radiusMeters: 150,
    };
    const layer = layerOfGeometry(circle);
    expect(layer).toBeInstanceOf(L.Circle);
    expect(geometryOfLayer(layer)).toEqual(circle);
  });

  it('turns a polygon layer into a closed GeoJSON ring of [lon, lat] and back', () => {
    const polygon: GeofenceGeometry = {
      kind: 'polygon',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [10.1985, 56.152],
            [10.212, 56.1515],
            [10.2135, 56.146],
            [10.1985, 56.152],
          ],
        ],
      },
    };
    const layer = layerOfGeometry(polygon);
    expect(layer).toBeInstanceOf(L.Polygon);
    expect((layer as L.Polygon).getLatLngs()[0]).toHaveLength(3);
    expect(geometryOfLayer(layer)).toEqual(polygon);
  });
});
