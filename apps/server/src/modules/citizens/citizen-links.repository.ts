import type { DeviceAppSettings } from '@homeward/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';
import { devices, type DeviceRow } from '../devices/devices.schema';
import { geofences, type GeofenceRow } from '../geofences/geofences.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { citizenDeviceSettings, citizenGeofences } from './citizens.schema';

/** Queries of a citizen's links: watches and their settings, and geofences. */

/** A watch of the tenant as linking needs it: who has it, and its product's default settings. */
export interface LinkableDevice {
  id: string;
  citizenId: string | null;
  productDefaults: DeviceAppSettings | null;
}

export async function findLinkableDevices(
  db: Database,
  tenantId: string | null,
  ids: string[],
): Promise<LinkableDevice[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: devices.id, citizenId: devices.citizenId, productDefaults: products.defaultAppSettings })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(inTenant(devices.tenantId, tenantId), inArray(devices.id, ids)));
}

/**
 * Makes `deviceIds` exactly the citizen's watches: frees the others (and drops their settings),
 * links the new ones. The service has checked that none belongs to another citizen.
 */
export async function replaceCitizenDevices(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  deviceIds: string[],
  now: Date,
): Promise<void> {
  const leaving = and(
    inTenant(devices.tenantId, tenantId),
    eq(devices.citizenId, citizenId),
    deviceIds.length ? notInArray(devices.id, deviceIds) : undefined,
  );
  await db.update(devices).set({ citizenId: null, updatedAt: now }).where(leaving);
  await db
    .delete(citizenDeviceSettings)
    .where(
      and(
        eq(citizenDeviceSettings.citizenId, citizenId),
        deviceIds.length ? notInArray(citizenDeviceSettings.deviceId, deviceIds) : undefined,
      ),
    );
  if (deviceIds.length === 0) return;
  // A watch someone wears again is in service again: a stop (device administration) ends with the
  // next link, so its offline alarms come back.
  await db
    .update(devices)
    .set({ citizenId, stoppedAs: null, stoppedAt: null, updatedAt: now })
    .where(
      and(inTenant(devices.tenantId, tenantId), inArray(devices.id, deviceIds), isNull(devices.citizenId)),
    );
}

/** Stores settings for watches that have none yet (a new link starts with its defaults). */
export async function insertMissingDeviceSettings(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  rows: { deviceId: string; settings: DeviceAppSettings }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(citizenDeviceSettings)
    .values(rows.map((row) => ({ tenantId, citizenId, ...row })))
    .onConflictDoNothing();
}

/** Whether a row was updated (the watch is linked to this citizen). */
export async function updateDeviceSettings(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  deviceId: string,
  settings: DeviceAppSettings,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(citizenDeviceSettings)
    .set({ settings, updatedAt: now })
    .where(
      and(
        inTenant(citizenDeviceSettings.tenantId, tenantId),
        eq(citizenDeviceSettings.citizenId, citizenId),
        eq(citizenDeviceSettings.deviceId, deviceId),
      ),
    )
    .returning({ deviceId: citizenDeviceSettings.deviceId });
  return rows.length > 0;
}

/** The citizen's watches with their product's name and the citizen's settings for each. */
export async function findCitizenDevices(db: Database, tenantId: string | null, citizenId: string) {
  return db
    .select({
      device: devices,
      productName: products.name,
      productDefaults: products.defaultAppSettings,
      settings: citizenDeviceSettings.settings,
    })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(
      citizenDeviceSettings,
      and(eq(citizenDeviceSettings.deviceId, devices.id), eq(citizenDeviceSettings.citizenId, citizenId)),
    )
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.citizenId, citizenId)))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** One page of the tenant's watches no citizen has, searched by name or IMEI. */
export async function findAvailableDevices(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
): Promise<{
  items: (Pick<DeviceRow, 'id' | 'name' | 'imei' | 'status'> & {
    productName: string | null;
    productDefaults: DeviceAppSettings | null;
    organizationName: string | null;
  })[];
  totalCount: number;
}> {
  const pattern = page.filter ? likePattern(page.filter) : undefined;
  const where = and(
    inTenant(devices.tenantId, tenantId),
    isNull(devices.citizenId),
    pattern ? or(ilike(devices.name, pattern), ilike(devices.imei, pattern)) : undefined,
  );
  const items = await db
    .select({
      id: devices.id,
      name: devices.name,
      imei: devices.imei,
      status: devices.status,
      productName: products.name,
      productDefaults: products.defaultAppSettings,
      organizationName: organizationUnits.displayName,
    })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .where(where)
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(devices).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

/** The ids among `ids` that are geofences of the tenant. */
export async function findGeofenceIds(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), inArray(geofences.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function replaceCitizenGeofences(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  geofenceIds: string[],
): Promise<void> {
  await db
    .delete(citizenGeofences)
    .where(
      and(
        eq(citizenGeofences.citizenId, citizenId),
        geofenceIds.length ? notInArray(citizenGeofences.geofenceId, geofenceIds) : undefined,
      ),
    );
  if (geofenceIds.length === 0) return;
  await db
    .insert(citizenGeofences)
    .values(geofenceIds.map((geofenceId) => ({ tenantId, citizenId, geofenceId })))
    .onConflictDoNothing();
}

export async function findCitizenGeofences(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<GeofenceRow[]> {
  const rows = await db
    .select({ geofence: geofences })
    .from(citizenGeofences)
    .innerJoin(geofences, eq(geofences.id, citizenGeofences.geofenceId))
    .where(and(inTenant(citizenGeofences.tenantId, tenantId), eq(citizenGeofences.citizenId, citizenId)))
    .orderBy(asc(geofences.name), asc(geofences.id));
  return rows.map((row) => row.geofence);
}

export async function geofenceExists(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  return (await findGeofenceIds(db, tenantId, [id])).has(id);
}
