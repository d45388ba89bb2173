import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { LiveMapDrawing } from './live-map-drawing';
import type { LiveMapStore } from './live-map-store';

interface LiveMapLayerProps {
  store: LiveMapStore;
  selectedId: string | null;
  follow: boolean;
  onSelect(citizenId: string): void;
}

/** The citizens' markers and clusters: a map layer that adds itself and cleans up (STYLE "one map component"). */
export function LiveMapLayer({ store, selectedId, follow, onSelect }: LiveMapLayerProps) {
  const map = useMap();
  const drawing = useRef<LiveMapDrawing | null>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });
  useEffect(() => {
    const created = new LiveMapDrawing(map, store, { onSelect: (id) => select.current(id) });
    drawing.current = created;
    return () => {
      created.remove();
      drawing.current = null;
    };
  }, [map, store]);
  useEffect(() => {
    drawing.current?.select(selectedId);
  }, [selectedId, map, store]);
  useEffect(() => {
    drawing.current?.setFollow(follow);
  }, [follow, selectedId, map, store]);
  return null;
}
