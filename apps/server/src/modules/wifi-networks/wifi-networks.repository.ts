import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizeMacAddress, type WifiNetworkType, type WifiTrustLevel } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { wifiNetworks, type WifiNetworkInsert, type WifiNetworkRow } from './wifi-networks.schema';
import { widenAutomaticWifiNetworksBounds } from './wifi-batch.repository';

/** Wi-Fi networks repository: every query is limited to one tenant (or the host). */

export interface WifiNetworkPageRequest extends PageRequest {
  type?: WifiNetworkType;
  trustLevel?: WifiTrustLevel;
}

const SORT_COLUMNS = {
  macAddress: wifiNetworks.macAddress,
  ssid: wifiNetworks.ssid,
  displayName: wifiNetworks.displayName,
  type: wifiNetworks.type,
  trustLevel: wifiNetworks.trustLevel,
  createdAt: wifiNetworks.createdAt,
};

/**
 * The search matches SSID, name and address as typed, and the MAC in any spelling: the search's
 * hex digits against the stored MAC without its colons, so `aa-bb` finds `AA:BB:..`.
 */
function searchOf(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  const hex = filter.replace(/[\s:.-]/g, '');
  return or(
    ilike(wifiNetworks.macAddress, pattern),
    ilike(wifiNetworks.ssid, pattern),
    ilike(wifiNetworks.displayName, pattern),
    ilike(wifiNetworks.address, pattern),
    /^[0-9a-f]+$/i.test(hex)
      ? ilike(sql`replace(${wifiNetworks.macAddress}, ':', '')`, likePattern(hex))
      : undefined,
  );
}

/** One page of a tenant's networks, searched and filtered by type and trust level. */
export async function findWifiNetworks(
  db: Database,
  tenantId: string | null,
  page: WifiNetworkPageRequest,
): Promise<{ items: WifiNetworkRow[]; totalCount: number }> {
  const where = and(
    inTenant(wifiNetworks.tenantId, tenantId),
    searchOf(page.filter),
    page.type ? eq(wifiNetworks.type, page.type) : undefined,
    page.trustLevel ? eq(wifiNetworks.trustLevel, page.trustLevel) : undefined,
  );
  const orderBy = orderByOf(page.sorting, SORT_COLUMNS, desc(wifiNetworks.createdAt));
  const items = await db
    .select()
    .from(wifiNetworks)
    .where(where)
    .orderBy(orderBy, wifiNetworks.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(wifiNetworks).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findWifiNetwork(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<WifiNetworkRow | undefined> {
  const [row] = await db
    .select()
    .from(wifiNetworks)
    .where(and(inTenant(wifiNetworks.tenantId, tenantId), eq(wifiNetworks.id, id)));
  return row;
}

/** The tenant's network with this normalised MAC address. */
export async function findWifiNetworkByMac(
  db: Database,
  tenantId: string | null,
  macAddress: string,
): Promise<WifiNetworkRow | undefined> {
  const [row] = await db
    .select()
    .from(wifiNetworks)
    .where(and(inTenant(wifiNetworks.tenantId, tenantId), eq(wifiNetworks.macAddress, macAddress)));
  return row;
}

/** Whether another network of the tenant (not `exceptId`) has this normalised MAC address. */
export async function isMacAddressTaken(
  db: Database,
  tenantId: string | null,
  macAddress: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: wifiNetworks.id })
    .from(wifiNetworks)
    .where(
      and(
        inTenant(wifiNetworks.tenantId, tenantId),
        eq(wifiNetworks.macAddress, macAddress),
        exceptId ? ne(wifiNetworks.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertWifiNetwork(db: Database, values: WifiNetworkInsert): Promise<WifiNetworkRow> {
  const [row] = await db.insert(wifiNetworks).values(values).returning();
  return row!;
}

export async function updateWifiNetwork(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<WifiNetworkInsert>,
): Promise<WifiNetworkRow | undefined> {
  const [row] = await db
    .update(wifiNetworks)
    .set(values)
    .where(and(inTenant(wifiNetworks.tenantId, tenantId), eq(wifiNetworks.id, id)))
    .returning();
  return row;
}

/** Deletes one network; false when the tenant has none with that id. */
export async function deleteWifiNetwork(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const deleted = await db
    .delete(wifiNetworks)
    .where(and(inTenant(wifiNetworks.tenantId, tenantId), eq(wifiNetworks.id, id)))
    .returning({ id: wifiNetworks.id });
  return deleted.length > 0;
}

/** The normalised spellings of `macs`, without duplicates or texts that are no MAC address. */
function normalizedMacs(macs: readonly string[]): string[] {
  return [...new Set(macs.map(normalizeMacAddress).filter((mac): mac is string => mac !== null))];
}

/**
 * For indoor positioning: the tenant's networks among `macs` (any spelling) that are trusted and
 * have a position. Untrusted and unknown networks are never returned, so they never move a watch.
 */
export async function findTrustedWifiNetworksByMacs(
  db: Database,
  tenantId: string | null,
  macs: readonly string[],
): Promise<WifiNetworkRow[]> {
  const wanted = normalizedMacs(macs);
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(wifiNetworks)
    .where(
      and(
        inTenant(wifiNetworks.tenantId, tenantId),
        inArray(wifiNetworks.macAddress, wanted),
        eq(wifiNetworks.trustLevel, 'trusted'),
        isNotNull(wifiNetworks.latitude),
        isNotNull(wifiNetworks.longitude),
      ),
    );
}

/**
 * A GPS fix seen together with `mac` widens the bounds of the tenant's automatic network with that
 * MAC to include the fix, and moves its position to the middle of the new bounds (its best
 * estimate). Manual networks are never changed: an administrator placed them. A fix already
 * inside the bounds writes nothing (no entity change per report). Returns the number of networks
 * changed (0 or 1).
 */
export function widenAutomaticWifiNetworkBounds(
  db: Database,
  tenantId: string | null,
  mac: string,
  latitude: number,
  longitude: number,
  now: Date = new Date(),
): Promise<number> {
  // One sighting is a batch of one: the same statement the ingest runs per batch.
  return widenAutomaticWifiNetworksBounds(db, tenantId, [{ mac, latitude, longitude }], now);
}
