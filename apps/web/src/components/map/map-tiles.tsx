import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import L from './leaflet';
import { classifyTileFailure, type MapLoadState } from './tile-layer-state';

const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

interface MapTilesProps {
  tileUrl: string;
  /** Changing it reloads the tiles (the retry button). */
  attempt: number;
  onStateChange(state: MapLoadState): void;
}

/** The base tile layer; reports loading, loaded, failed and auth failure as the tiles come in. */
export function MapTiles({ tileUrl, attempt, onStateChange }: MapTilesProps) {
  const map = useMap();
  useEffect(() => {
    if (!tileUrl) {
      onStateChange('notLoaded');
      return;
    }
    let failure: Promise<unknown> | null = null;
    let active = true;
    const layer = L.tileLayer(tileUrl, {
      maxZoom: 19,
      crossOrigin: true,
      // OpenStreetMap's tile policy asks for this credit on every map that shows its tiles.
      attribution: tileUrl.includes('openstreetmap.org') ? OSM_ATTRIBUTION : undefined,
    });
    layer.on('loading', () => {
      if (!failure) onStateChange('loading');
    });
    layer.on('tileerror', (event: L.TileErrorEvent) => {
      // One probe is enough: every tile comes from the same server with the same key.
      failure ??= classifyTileFailure((event.tile as HTMLImageElement).src).then((state) => {
        if (active) onStateChange(state);
      });
    });
    layer.on('load', () => {
      if (!failure) onStateChange('loaded');
    });
    onStateChange('loading');
    layer.addTo(map);
    return () => {
      active = false;
      layer.remove();
    };
  }, [map, tileUrl, attempt, onStateChange]);
  return null;
}
