import type { BoundingBox } from '@homeward/contracts';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** The box holding every given box, or null for none. */
export function unionOfBoxes(boxes: readonly BoundingBox[]): BoundingBox | null {
  if (boxes.length === 0) return null;
  return {
    minLat: Math.min(...boxes.map((box) => box.minLat)),
    minLon: Math.min(...boxes.map((box) => box.minLon)),
    maxLat: Math.max(...boxes.map((box) => box.maxLat)),
    maxLon: Math.max(...boxes.map((box) => box.maxLon)),
  };
}

/**
 * Fits the view to a bounding box whenever the box changes (by value), e.g. to show every geofence
 * of a list page; nothing happens for null.
 */
export function FitBoundsLayer({ bounds, maxZoom = 16 }: { bounds: BoundingBox | null; maxZoom?: number }) {
  const map = useMap();
  const key = bounds ? [bounds.minLat, bounds.minLon, bounds.maxLat, bounds.maxLon].join(',') : '';
  useEffect(() => {
    if (!key) return;
    const [minLat, minLon, maxLat, maxLon] = key.split(',').map(Number) as [number, number, number, number];
    map.fitBounds(
      [
        [minLat, minLon],
        [maxLat, maxLon],
      ],
      { padding: [24, 24], maxZoom },
    );
  }, [map, key, maxZoom]);
  return null;
}
