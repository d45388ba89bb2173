import { and, eq, sql } from 'drizzle-orm';
import { normalizeMacAddress } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { arrayOf, inList, inTenant } from '../../platform/db/query-helpers';
import { wifiNetworks, type WifiNetworkRow } from './wifi-networks.schema';

/**
 * The Wi-Fi statements of a telemetry batch (one tenant's reports at once): one lookup of the
 * trusted networks every report of the batch heard, and one UPDATE widening the automatic networks'
 * bounds with every GPS fix seen together with them. Same rules as the one-network functions in
 * wifi-networks.repository.ts, in the caller's tenant scope.
 */

/** A GPS fix seen together with a MAC address (any spelling). */
export interface WifiSighting {
  mac: string;
  latitude: number;
  longitude: number;
}

/**
 * The tenant's trusted networks among `macs` (any spelling), with or without a position: the
 * batch places its reports in order, and an automatic network a fix of the batch widens gains or
 * moves its position for the reports after it. Untrusted and unknown networks are never returned.
 */
export async function findTrustedWifiNetworksOfMacs(
  db: Database,
  tenantId: string | null,
  macs: Iterable<string>,
): Promise<WifiNetworkRow[]> {
  const wanted = new Set<string>();
  for (const mac of macs) {
    const normalized = normalizeMacAddress(mac);
    if (normalized !== null) wanted.add(normalized);
  }
  if (wanted.size === 0) return [];
  return db
    .select()
    .from(wifiNetworks)
    .where(
      and(
        inTenant(wifiNetworks.tenantId, tenantId),
        inList(wifiNetworks.macAddress, [...wanted], 'text'),
        eq(wifiNetworks.trustLevel, 'trusted'),
      ),
    );
}

/**
 * Widens the bounds of the tenant's automatic networks to every fix seen together with them, and
 * moves each one's position to the middle of its new bounds, in one statement: the fixes are
 * grouped by MAC into the box they span, and a network whose bounds already hold that box writes
 * nothing. The result is that of widening with each sighting in turn (bounds only grow, so the
 * order does not matter). Manual networks are never changed; unusable MACs and coordinates are
 * skipped. Returns the number of networks changed.
 */
export async function widenAutomaticWifiNetworksBounds(
  db: Database,
  tenantId: string | null,
  sightings: readonly WifiSighting[],
  now: Date,
): Promise<number> {
  const macs: string[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  for (const { mac, latitude, longitude } of sightings) {
    const normalized = normalizeMacAddress(mac);
    if (normalized === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    macs.push(normalized);
    lats.push(latitude);
    lons.push(longitude);
  }
  if (macs.length === 0) return 0;
  const w = wifiNetworks;
  const minLat = sql`least(coalesce(${w.minLatitude}, s.min_lat), s.min_lat)`;
  const maxLat = sql`greatest(coalesce(${w.maxLatitude}, s.max_lat), s.max_lat)`;
  const minLon = sql`least(coalesce(${w.minLongitude}, s.min_lon), s.min_lon)`;
  const maxLon = sql`greatest(coalesce(${w.maxLongitude}, s.max_lon), s.max_lon)`;
  const changed = await db
    .update(w)
    .set({
      minLatitude: minLat,
      maxLatitude: maxLat,
      minLongitude: minLon,
      maxLongitude: maxLon,
      latitude: sql`(${minLat} + ${maxLat}) / 2`,
      longitude: sql`(${minLon} + ${maxLon}) / 2`,
      updatedAt: now,
    })
    .from(
      sql`(select mac, min(lat) as min_lat, max(lat) as max_lat, min(lon) as min_lon, max(lon) as max_lon
        from unnest(${arrayOf(macs, 'text')}, ${arrayOf(lats, 'float8')}, ${arrayOf(lons, 'float8')})
          as sighting(mac, lat, lon)
        group by mac) as s`,
    )
    .where(
      and(
        inTenant(w.tenantId, tenantId),
        sql`${w.macAddress} = s.mac`,
        eq(w.type, 'automatic'),
        sql`(${w.minLatitude} is null or ${w.maxLatitude} is null
          or ${w.minLongitude} is null or ${w.maxLongitude} is null
          or s.min_lat < ${w.minLatitude} or s.max_lat > ${w.maxLatitude}
          or s.min_lon < ${w.minLongitude} or s.max_lon > ${w.maxLongitude})`,
      ),
    )
    .returning({ id: w.id });
  return changed.length;
}
