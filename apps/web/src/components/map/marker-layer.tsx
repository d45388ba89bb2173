import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import L from './leaflet';

export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  label: string;
  color?: string;
  /**
   * Coordinates the device sent without a fix ("last known, no fix"): drawn hollow with a dashed
   * grey ring, so it never reads as where the citizen is now.
   */
  noFix?: boolean;
}

/** Grey with 4.5:1 contrast on the light map tiles, like the theme's secondary text. */
const NO_FIX_COLOR = '#616161';

/** Point markers (device positions); drawn as circle markers, so no icon images are needed. */
export function MarkerLayer({ markers }: { markers: readonly MapMarker[] }) {
  const map = useMap();
  useEffect(() => {
    const group = L.featureGroup(
      markers.map((marker) =>
        L.circleMarker(
          [marker.lat, marker.lon],
          marker.noFix
            ? {
                radius: 8,
                color: NO_FIX_COLOR,
                weight: 2,
                dashArray: '3 3',
                fillColor: '#ffffff',
                fillOpacity: 0.6,
              }
            : {
                radius: 8,
                color: '#ffffff',
                weight: 2,
                fillColor: marker.color ?? '#d32f2f',
                fillOpacity: 1,
              },
        ).bindTooltip(marker.label),
      ),
    );
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, markers]);
  return null;
}
