import { useMemo } from 'react';
import { FitBoundsLayer, unionOfBoxes } from '../../components/map/fit-bounds-layer';
import { GeofenceLayer } from '../../components/map/geofence-layer';
import { MapView } from '../../components/map/map-view';
import { useGeofenceMap } from './get-geofences';

/** Every geofence of the tenant on the map beside the list, the view fitted to all of them. */
export function GeofenceOverviewMap() {
  const fences = useGeofenceMap();
  const items = useMemo(() => fences.data?.items ?? [], [fences.data]);
  const bounds = useMemo(() => unionOfBoxes(items.map((fence) => fence.boundingBox)), [items]);
  return (
    <MapView height={520} testId="geofence-overview-map">
      <GeofenceLayer geofences={items} />
      <FitBoundsLayer bounds={bounds} />
    </MapView>
  );
}
