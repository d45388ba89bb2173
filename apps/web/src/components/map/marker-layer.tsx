import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import L from './leaflet';

export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  label: string;
  color?: string;
}

/** Point markers (device positions); drawn as circle markers, so no icon images are needed. */
export function MarkerLayer({ markers }: { markers: readonly MapMarker[] }) {
  const map = useMap();
  useEffect(() => {
    const group = L.featureGroup(
      markers.map((marker) =>
        L.circleMarker([marker.lat, marker.lon], {
          radius: 8,
          color: '#ffffff',
          weight: 2,
          fillColor: marker.color ?? '#d32f2f',
          fillOpacity: 1,
        }).bindTooltip(marker.label),
      ),
    );
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, markers]);
  return null;
}
