import type { GeofenceGeometry, Position } from '@homeward/contracts';
import L from './leaflet';

/** A Leaflet layer for a geofence's area: a real L.Circle for circles, an L.Polygon otherwise. */
export function layerOfGeometry(
  geometry: GeofenceGeometry,
  options: L.PathOptions = {},
): L.Circle | L.Polygon {
  if (geometry.kind === 'circle') {
    return L.circle([geometry.center.lat, geometry.center.lon], {
      ...options,
      radius: geometry.radiusMeters,
    });
  }
  const ring = geometry.polygon.coordinates[0];
  // Leaflet closes rings itself; GeoJSON repeats the first point at the end.
  return L.polygon(
    ring.slice(0, -1).map(([lon, lat]) => [lat, lon] as L.LatLngTuple),
    options,
  );
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The geometry of a drawn or edited layer, as the contracts carry it (GeoJSON ring closed). */
export function geometryOfLayer(layer: L.Layer): GeofenceGeometry | null {
  if (layer instanceof L.Circle) {
    const center = layer.getLatLng();
    return {
      kind: 'circle',
      center: { lat: round(center.lat, 7), lon: round(center.lng, 7) },
      radiusMeters: round(layer.getRadius(), 1),
    };
  }
  if (layer instanceof L.Polygon) {
    const latLngs = layer.getLatLngs();
    const outer = (Array.isArray(latLngs[0]) ? latLngs[0] : latLngs) as L.LatLng[];
    const ring: Position[] = outer.map((point) => [round(point.lng, 7), round(point.lat, 7)]);
    if (ring.length === 0) return null;
    return { kind: 'polygon', polygon: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
  }
  return null;
}
