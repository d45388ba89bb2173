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
}

/**
 * A GPS fix less precise than this does not widen automatic networks' bounds: one bad fix would
 * stretch a network over a whole district, and bounds only ever grow.
 */
export const MAX_WIDENING_ACCURACY_METERS = 100;

/**
 * The position a report gives, in the device's tenant (DESIGN §6):
 * - a valid GPS fix is used as it is; seen together with Wi-Fi MACs, it also widens the bounds of
 *   the tenant's automatic networks with those MACs (manual ones are never moved);
 * - without a valid fix, the Wi-Fi MACs are located from the tenant's trusted networks
 *   (RSSI-weighted, `locateByWifi`); untrusted and unknown networks are never used;
 * - otherwise none: an invalid fix's coordinates (a watch's `V` frame repeats stale or zero ones)
 *   are not a position.
 */
export async function positionOfReport(
  tx: Database,
  tenantId: string | null,
  report: DeviceReport,
  now: Date,
): Promise<ReportPosition | null> {
  const fix = report.position;
  if (fix?.valid) {
    const precise = fix.accuracyMeters === undefined || fix.accuracyMeters <= MAX_WIDENING_ACCURACY_METERS;
    if (precise) {
      for (const mac of new Set(report.wifis.map((wifi) => wifi.mac))) {
        await widenAutomaticWifiNetworkBounds(tx, tenantId, mac, fix.lat, fix.lon, now);
      }
    }
    return {
      source: 'gps',
      latitude: fix.lat,
      longitude: fix.lon,
      accuracyMeters: fix.accuracyMeters ?? null,
    };
  }
  if (report.wifis.length === 0) return null;
  const trusted = await findTrustedWifiNetworksByMacs(
    tx,
    tenantId,
    report.wifis.map((wifi) => wifi.mac),
  );
  const located = locateByWifi(report.wifis, trusted);
  return located
    ? {
        source: 'wifi',
        latitude: located.lat,
        longitude: located.lon,
        accuracyMeters: located.accuracyMeters,
      }
    : null;
}
