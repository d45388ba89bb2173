import { normalizeMacAddress, type DeviceReport, type PositionSource } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import {
  findTrustedWifiNetworksOfMacs,
  locateByWifi,
  widenAutomaticWifiNetworksBounds,
  type WifiSighting,
} from '../wifi-networks';
import type { WifiNetworkRow } from '../wifi-networks/wifi-networks.schema';

/** Where a report puts the device, and how that was found. */
export interface ReportPosition {
  source: PositionSource;
  latitude: number;
  longitude: number;
  accuracyMeters: number | null;
  /**
   * False for coordinates the device sent without a fix (a watch's `V` frame, OsmAnd
   * `valid=false`) and no trusted Wi-Fi could place: stored and shown as "last known, no fix",
   * never used by the geofence engine.
   */
  valid: boolean;
}

/** 0,0 is a firmware's "no position" (whatever the fix flag says), never a place. */
const isNullIsland = (lat: number, lon: number) => lat === 0 && lon === 0;

/**
 * A GPS fix less precise than this does not widen automatic networks' bounds: one bad fix would
 * stretch a network over a whole district, and bounds only ever grow.
 */
export const MAX_WIDENING_ACCURACY_METERS = 100;

/**
 * The position a report gives, in the device's tenant (DESIGN §6):
 * - a valid GPS fix is used as it is; seen together with Wi-Fi MACs, it also widens the bounds of
 *   the tenant's automatic networks with those MACs (manual ones are never moved; an old report's
 *   fix widens nothing);
 * - without a valid fix, the Wi-Fi MACs are located from the tenant's trusted networks
 *   (RSSI-weighted, `locateByWifi`); untrusted and unknown networks are never used;
 * - otherwise an invalid fix's coordinates (a watch's `V` frame repeats the last ones it had) are
 *   a position flagged `valid: false`, without accuracy, speed or course;
 * - coordinates 0,0 are never a position, valid or not (the device's last position stays).
 *
 * For a batch of one tenant's reports, with the same results as placing them one after another
 * (report by report, as the pipeline did before), in at most two statements whatever the batch holds: one lookup of the trusted
 * networks among all MACs the reports without a valid fix heard, and one UPDATE widening the
 * automatic networks with all the fixes. The reports are placed in order against the looked-up
 * networks, each earlier fix of the batch widening them in memory as the UPDATE does in the table,
 * so a trusted automatic network moves for the reports after the fix exactly as it did one by one.
 */
export async function positionsOfReports(
  tx: Database,
  tenantId: string | null,
  reports: readonly DeviceReport[],
  now: Date,
): Promise<(ReportPosition | null)[]> {
  const fixes = reports.map(fixOf);
  const locating = reports.filter((report, index) => !fixes[index]?.valid && report.wifis.length > 0);
  const trusted =
    locating.length === 0
      ? []
      : await findTrustedWifiNetworksOfMacs(
          tx,
          tenantId,
          locating.flatMap((report) => report.wifis.map((wifi) => wifi.mac)),
        );
  const networks = new TrustedNetworks(trusted);
  const sightings: WifiSighting[] = [];
  const positions = reports.map((report, index): ReportPosition | null => {
    const fix = fixes[index];
    if (fix?.valid) {
      const precise = fix.accuracyMeters === undefined || fix.accuracyMeters <= MAX_WIDENING_ACCURACY_METERS;
      // An old report's fix says where a network was a month ago or more: networks move, bounds never shrink.
      if (precise && !report.old) {
        for (const mac of new Set(report.wifis.map((wifi) => wifi.mac))) {
          sightings.push({ mac, latitude: fix.lat, longitude: fix.lon });
          networks.widen(mac, fix.lat, fix.lon);
        }
      }
      return {
        source: 'gps',
        latitude: fix.lat,
        longitude: fix.lon,
        accuracyMeters: fix.accuracyMeters ?? null,
        valid: true,
      };
    }
    const located = report.wifis.length === 0 ? null : locateFromTrustedWifi(report, networks.positioned());
    if (located) return located;
    return fix
      ? { source: 'gps', latitude: fix.lat, longitude: fix.lon, accuracyMeters: null, valid: false }
      : null;
  });
  if (sightings.length > 0) await widenAutomaticWifiNetworksBounds(tx, tenantId, sightings, now);
  return positions;
}

const fixOf = (report: DeviceReport) =>
  report.position && !isNullIsland(report.position.lat, report.position.lon) ? report.position : undefined;

/**
 * The batch's trusted networks as its reports see them: an automatic one widened by an earlier fix
 * of the batch has the bounds and position the UPDATE will give it (the same arithmetic).
 */
class TrustedNetworks {
  private readonly byMac = new Map<string, WifiNetworkRow>();

  constructor(rows: readonly WifiNetworkRow[]) {
    for (const row of rows) this.byMac.set(row.macAddress, { ...row });
  }

  widen(mac: string, lat: number, lon: number): void {
    const normalized = normalizeMacAddress(mac);
    const network = normalized === null ? undefined : this.byMac.get(normalized);
    if (!network || network.type !== 'automatic' || !Number.isFinite(lat) || !Number.isFinite(lon)) return;
    const { minLatitude: minLat, maxLatitude: maxLat, minLongitude: minLon, maxLongitude: maxLon } = network;
    if (
      minLat !== null &&
      maxLat !== null &&
      minLon !== null &&
      maxLon !== null &&
      lat >= minLat &&
      lat <= maxLat &&
      lon >= minLon &&
      lon <= maxLon
    ) {
      return;
    }
    network.minLatitude = Math.min(minLat ?? lat, lat);
    network.maxLatitude = Math.max(maxLat ?? lat, lat);
    network.minLongitude = Math.min(minLon ?? lon, lon);
    network.maxLongitude = Math.max(maxLon ?? lon, lon);
    network.latitude = (network.minLatitude + network.maxLatitude) / 2;
    network.longitude = (network.minLongitude + network.maxLongitude) / 2;
  }

  /** The networks with a position (`locateByWifi` ignores the others anyway). */
  positioned(): WifiNetworkRow[] {
    return [...this.byMac.values()].filter((row) => row.latitude !== null && row.longitude !== null);
  }
}

function locateFromTrustedWifi(report: DeviceReport, trusted: WifiNetworkRow[]): ReportPosition | null {
  const located = locateByWifi(report.wifis, trusted);
  if (!located || isNullIsland(located.lat, located.lon)) return null;
  return {
    source: 'wifi',
    latitude: located.lat,
    longitude: located.lon,
    accuracyMeters: located.accuracyMeters,
    valid: true,
  };
}
