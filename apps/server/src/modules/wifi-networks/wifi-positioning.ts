import { normalizeMacAddress } from '@homeward/contracts';

/** One access point a watch heard: its MAC address (any spelling) and signal strength in dBm. */
export interface WifiObservation {
  mac: string;
  rssi: number;
}

/** A trusted network with a position (what `findTrustedWifiNetworksByMacs` returns). */
export interface PositionedWifiNetwork {
  macAddress: string;
  latitude: number | null;
  longitude: number | null;
}

export interface WifiPosition {
  lat: number;
  lon: number;
  accuracyMeters: number;
}

/** The radius a lone access point is heard in, indoors: the accuracy of a fix from one network. */
export const SINGLE_NETWORK_ACCURACY_METERS = 30;

const EARTH_RADIUS_METERS = 6_371_000;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where a watch is, from the access points it heard: the centroid of the known networks' positions,
 * each weighted by `10^(rssi/20)`. Under free-space path loss the received power falls by 20 dB per
 * tenfold distance, so this weight is proportional to 1/distance: a network heard 20 dB louder is
 * taken to be ten times nearer and pulls the fix ten times harder. Weights are computed relative to
 * the strongest signal, so very weak signals cannot underflow to zero.
 *
 * MACs without a network in `networks` (unknown, untrusted: the caller passes trusted ones only) and
 * networks without a position are ignored; a MAC heard twice counts once, with its strongest signal.
 * Null when nothing usable remains. The accuracy is SINGLE_NETWORK_ACCURACY_METERS plus the
 * weighted mean distance of the used networks from the result: one network gives its own point
 * with 30 m, networks far apart give a wider circle. The centroid is taken in degrees, which is
 * accurate for the short distances Wi-Fi is heard over (not across the antimeridian).
 */
export function locateByWifi(
  observations: readonly WifiObservation[],
  networks: readonly PositionedWifiNetwork[],
): WifiPosition | null {
  const byMac = new Map<string, { lat: number; lon: number }>();
  for (const network of networks) {
    const mac = normalizeMacAddress(network.macAddress);
    const { latitude: lat, longitude: lon } = network;
    if (mac && lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon)) {
      byMac.set(mac, { lat, lon });
    }
  }
  const strongest = new Map<string, number>();
  for (const { mac: text, rssi } of observations) {
    const mac = normalizeMacAddress(text);
    if (!mac || !byMac.has(mac) || !Number.isFinite(rssi)) continue;
    strongest.set(mac, Math.max(rssi, strongest.get(mac) ?? -Infinity));
  }
  if (strongest.size === 0) return null;

  const loudest = Math.max(...strongest.values());
  const used = [...strongest].map(([mac, rssi]) => ({
    ...byMac.get(mac)!,
    weight: 10 ** ((rssi - loudest) / 20),
  }));
  const total = used.reduce((sum, each) => sum + each.weight, 0);
  const lat = used.reduce((sum, each) => sum + each.lat * each.weight, 0) / total;
  const lon = used.reduce((sum, each) => sum + each.lon * each.weight, 0) / total;
  const spread =
    used.reduce((sum, each) => sum + distanceMeters({ lat, lon }, each) * each.weight, 0) / total;
  return { lat, lon, accuracyMeters: SINGLE_NETWORK_ACCURACY_METERS + spread };
}
