import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import type { GeofenceGeometry } from '@homeward/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import type L from 'leaflet';
// Sets the global L that Geoman patches when it loads, so it comes first.
import './leaflet';
import '@geoman-io/leaflet-geoman-free';
import { geometryOfLayer, layerOfGeometry } from './geofence-shapes';

export type DrawShape = 'circle' | 'polygon';

interface GeofenceDrawLayerProps {
  /** The area drawn so far, shown editable (drag its handles); null shows nothing. */
  geometry: GeofenceGeometry | null;
  onChange(geometry: GeofenceGeometry): void;
  /** While set, a click on the map starts drawing this shape (replacing the current one). */
  drawing: DrawShape | null;
  /** Drawing finished or was cancelled. */
  onDrawingEnd(): void;
}

const DRAW_STYLE: L.PathOptions = { color: '#ed6c02', weight: 3, fillOpacity: 0.2 };

/**
 * Names Geoman's edit handles (Leaflet makes each marker a focusable role="button", and Geoman gives
 * them no text) now and whenever it adds some, such as a polygon's new corner.
 */
function nameEditHandles(pane: HTMLElement, name: string): () => void {
  const label = () =>
    pane.querySelectorAll('.marker-icon:not([aria-label])').forEach((handle) => {
      handle.setAttribute('aria-label', name);
    });
  label();
  const observer = new MutationObserver(label);
  observer.observe(pane, { childList: true });
  return () => observer.disconnect();
}

/**
 * Draws and edits one geofence area with Leaflet-Geoman. A circle stays a Geoman circle (centre and
 * radius), never a polygon approximation; polygons may not cross themselves while drawn or edited.
 */
export function GeofenceDrawLayer({ geometry, onChange, drawing, onDrawingEnd }: GeofenceDrawLayerProps) {
  const map = useMap();
  const { t } = useTranslation();
  const handleName = t('geofences:map.editHandle');
  // Callbacks change on every render of the form; the effects only need the latest ones.
  const callbacks = useRef({ onChange, onDrawingEnd });
  useEffect(() => {
    callbacks.current = { onChange, onDrawingEnd };
  });

  useEffect(() => {
    if (!drawing) return;
    const onCreate = (event: { layer: L.Layer }) => {
      const drawn = geometryOfLayer(event.layer);
      // The shape is shown again from the form's value, as the one editable layer.
      event.layer.remove();
      if (drawn) callbacks.current.onChange(drawn);
    };
    const onDrawEnd = () => callbacks.current.onDrawingEnd();
    map.on('pm:create', onCreate);
    map.on('pm:drawend', onDrawEnd);
    map.pm.enableDraw(drawing === 'circle' ? 'Circle' : 'Polygon', {
      allowSelfIntersection: false,
      snappable: false,
      templineStyle: DRAW_STYLE,
      hintlineStyle: { ...DRAW_STYLE, dashArray: '5,5' },
      pathOptions: DRAW_STYLE,
    });
    return () => {
      map.off('pm:create', onCreate);
      map.off('pm:drawend', onDrawEnd);
      map.pm.disableDraw();
    };
  }, [map, drawing]);

  useEffect(() => nameEditHandles(map.getPane('markerPane')!, handleName), [map, handleName]);

  useEffect(() => {
    if (!geometry) return;
    const layer = layerOfGeometry(geometry, DRAW_STYLE);
    layer.addTo(map);
    layer.pm.enable({ allowSelfIntersection: false, snappable: false });
    layer.on('pm:edit', () => {
      const edited = geometryOfLayer(layer);
      if (edited) callbacks.current.onChange(edited);
    });
    return () => {
      layer.pm.disable();
      layer.remove();
    };
  }, [map, geometry]);

  return null;
}
