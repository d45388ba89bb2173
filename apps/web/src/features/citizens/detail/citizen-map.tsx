import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { geofenceBoundingBox, type Citizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { FitBoundsLayer, unionOfBoxes } from '../../../components/map/fit-bounds-layer';
import { GeofenceLayer } from '../../../components/map/geofence-layer';
import { MapView } from '../../../components/map/map-view';
import { MarkerLayer, type MapMarker } from '../../../components/map/marker-layer';
import { DetailSection } from './detail-section';
import { formatAge, latestLocatedDevice } from './citizen-status';
import { useNow } from './use-now';
import { watchMarkers } from './watch-markers';

/** Around a lone watch position the view shows the streets nearby, not one point. */
const POINT_MARGIN_DEGREES = 0.002;

/**
 * Each watch's last position (a no-fix one as "last known, no fix") and the citizen's geofences,
 * the view fitted to all of them.
 */
export function CitizenMap({ citizen }: { citizen: Citizen }) {
  const { t, i18n } = useTranslation();
  const markers = useMemo<MapMarker[]>(
    () => watchMarkers(citizen.devices, t, i18n.resolvedLanguage),
    [citizen.devices, t, i18n.resolvedLanguage],
  );
  const geofences = citizen.geofences;
  const now = useNow();
  const latest = latestLocatedDevice(citizen.devices)?.location ?? null;
  const bounds = useMemo(
    () =>
      unionOfBoxes([
        ...geofences.map((fence) => geofenceBoundingBox(fence.geometry)),
        ...markers.map((marker) => ({
          minLat: marker.lat - POINT_MARGIN_DEGREES,
          maxLat: marker.lat + POINT_MARGIN_DEGREES,
          minLon: marker.lon - POINT_MARGIN_DEGREES,
          maxLon: marker.lon + POINT_MARGIN_DEGREES,
        })),
      ]),
    [geofences, markers],
  );
  return (
    <DetailSection title={t('citizens:sections.map')} testId="citizen-map-section">
      {/* How fresh the newest position is comes first: "where is she now" needs "as of when". */}
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="citizen-map-age" data-valid={latest?.valid}>
        {latest
          ? t(latest.valid ? 'citizenPage:map.positionAge' : 'citizenPage:map.noFixAge', {
              age: formatAge(latest.at, now, i18n.language),
            })
          : t('citizenPage:map.noPosition')}
      </Typography>
      <MapView height={320} testId="citizen-map">
        <GeofenceLayer geofences={geofences} />
        <MarkerLayer markers={markers} />
        <FitBoundsLayer bounds={bounds} />
      </MapView>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 1 }}
        data-testid="citizen-map-summary"
      >
        {t('citizens:map.summary', { positions: markers.length, geofences: geofences.length })}
      </Typography>
      {/* A hollow marker alone does not say why it is hollow: a no-fix place is named in words too. */}
      {markers
        .filter((marker) => marker.noFix)
        .map((marker) => (
          <Typography
            key={marker.id}
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block' }}
            data-testid={`citizen-map-no-fix-${marker.id}`}
          >
            {marker.label}
          </Typography>
        ))}
    </DetailSection>
  );
}
