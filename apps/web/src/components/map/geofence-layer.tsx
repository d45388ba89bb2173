import type { Geofence } from '@homeward/contracts';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import L from './leaflet';
import { layerOfGeometry } from './geofence-shapes';

interface GeofenceLayerProps {
  geofences: readonly Pick<Geofence, 'id' | 'name' | 'geometry'>[];
  color?: string;
}

/** Shows geofences (circles and polygons) with their names; removes them when it unmounts. */
export function GeofenceLayer({ geofences, color = '#1976d2' }: GeofenceLayerProps) {
  const map = useMap();
  useEffect(() => {
    const group = L.featureGroup(
      geofences.map((fence) =>
        layerOfGeometry(fence.geometry, { color, weight: 2, fillOpacity: 0.15 }).bindTooltip(fence.name),
      ),
    );
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, geofences, color]);
  return null;
}
