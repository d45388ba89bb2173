import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { CitizenRoute } from '@homeward/contracts';
import L from '../../../components/map/leaflet';

/** The route's colours, shared with the legend: each marker kind differs in colour and shape. */
export const ROUTE_COLORS = {
  track: '#1565c0',
  stop: '#6a1b9a',
  exit: '#e65100',
  entry: '#2e7d32',
  replay: '#d32f2f',
} as const;

export interface RouteMarkerLabels {
  stop(stop: CitizenRoute['stops'][number]): string;
  crossing(crossing: CitizenRoute['crossings'][number]): string;
}

/**
 * The day's track as a line, its stops as large purple rings, and its geofence exits (orange
 * squares) and entries (green squares); a layer of the one map that adds itself and cleans up.
 */
export function RouteTrackLayer({ route, labels }: { route: CitizenRoute; labels: RouteMarkerLabels }) {
  const map = useMap();
  useEffect(() => {
    const track = L.polyline(
      route.points.map((point) => [point.lat, point.lon] as [number, number]),
      { color: ROUTE_COLORS.track, weight: 4, opacity: 0.8 },
    );
    const stops = route.stops.map((stop) =>
      L.circleMarker([stop.lat, stop.lon], {
        radius: 11,
        color: ROUTE_COLORS.stop,
        weight: 4,
        fillColor: '#ffffff',
        fillOpacity: 0.8,
      }).bindTooltip(labels.stop(stop)),
    );
    const crossings = route.crossings.map((crossing) =>
      L.marker([crossing.lat, crossing.lon], {
        icon: L.divIcon({
          className: '',
          iconSize: [14, 14],
          html: `<div style="width:14px;height:14px;background:${ROUTE_COLORS[crossing.kind]};border:2px solid #fff;box-sizing:border-box"></div>`,
        }),
        keyboard: false,
      }).bindTooltip(labels.crossing(crossing)),
    );
    const group = L.featureGroup([track, ...stops, ...crossings]).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, route, labels]);
  return null;
}

/** The replay's marker at the current moment of the slider. */
export function ReplayMarkerLayer({
  position,
  label,
}: {
  position: { lat: number; lon: number } | null;
  label: string;
}) {
  const map = useMap();
  useEffect(() => {
    if (!position) return;
    const marker = L.circleMarker([position.lat, position.lon], {
      radius: 8,
      color: '#ffffff',
      weight: 2,
      fillColor: ROUTE_COLORS.replay,
      fillOpacity: 1,
    })
      .bindTooltip(label)
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, position, label]);
  return null;
}
