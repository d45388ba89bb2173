import type { CitizenDevice } from '@homeward/contracts';
import type { TFunction } from 'i18next';
import type { MapMarker } from '../../../components/map/marker-layer';

/**
 * A marker for each of the citizen's watches that has a location: a fix as the place it was seen,
 * coordinates sent without a fix as "last known, no fix" (drawn hollow, and named so in words).
 */
export function watchMarkers(
  devices: readonly CitizenDevice[],
  t: TFunction,
  language?: string,
): MapMarker[] {
  return devices.flatMap((device) => {
    const { location } = device;
    if (!location) return [];
    const values = { name: device.name, at: new Date(location.at).toLocaleString(language) };
    return [
      {
        id: device.id,
        lat: location.lat,
        lon: location.lon,
        label: location.valid ? t('citizens:map.marker', values) : t('citizens:map.markerNoFix', values),
        ...(location.valid ? {} : { noFix: true }),
      },
    ];
  });
}
