import type { DeviceReport, PositionSource } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import {
  findTrustedWifiNetworksByMacs,
  widenAutomaticWifiNetworkBounds,
} from '../wifi-networks/wifi-networks.repository';
import { locateByWifi } from '../wifi-networks/wifi-positioning';

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
 */
export async function positionOfReport(
  tx: Database,
  tenantId: string | null,
  report: DeviceReport,
  now: Date,
): Promise<ReportPosition | null> {
  const fix =
    report.position && !isNullIsland(report.position.lat, report.position.lon) ? report.position : undefined;
  if (fix?.valid) {
    const precise = fix.accuracyMeters === undefined || fix.accuracyMeters <= MAX_WIDENING_ACCURACY_METERS;
    // An old report's fix says where a network was a month ago or more: networks move, bounds never shrink.
    if (precise && !report.old) {
      for (const mac of new Set(report.wifis.map((wifi) => wifi.mac))) {
        await widenAutomaticWifiNetworkBounds(tx, tenantId, mac, fix.lat, fix.lon, now);
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
  const located = report.wifis.length === 0 ? null : await locateFromTrustedWifi(tx, tenantId, report);
  if (located) return located;
  return fix
    ? { source: 'gps', latitude: fix.lat, longitude: fix.lon, accuracyMeters: null, valid: false }
    : null;
}

async function locateFromTrustedWifi(
  tx: Database,
  tenantId: string | null,
  report: DeviceReport,
): Promise<ReportPosition | null> {
  const trusted = await findTrustedWifiNetworksByMacs(
    tx,
    tenantId,
    report.wifis.map((wifi) => wifi.mac),
  );
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
