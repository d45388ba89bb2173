import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PHYSICAL_LOCATIONS, type zAdministeredDeviceListRequest } from '@homeward/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { citizenDeviceSettings, citizens } from '../citizens/citizens.schema';
import { devices, type DeviceRow } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';
import { deviceHistory, type DeviceHistoryRow } from './device-administration.schema';

/** Device administration queries: every one limited to one tenant, the host, or the host's All view. */

/** A watch with the names its administration screens show next to it. */
export type AdministeredDeviceRow = DeviceRow & {
  tenantName: string | null;
  productName: string | null;
  citizenName: string | null;
};

// Subqueries keep the list's only table `devices`, so paging and counting stay on its indexes.
const columns = {
  device: devices,
  tenantName: sql<
    string | null
  >`(select ${tenants.name} from ${tenants} where ${tenants.id} = ${devices.tenantId})`,
  productName: sql<
    string | null
  >`(select ${products.name} from ${products} where ${products.id} = ${devices.productId})`,
  citizenName: sql<
    string | null
  >`(select ${citizens.name} || ' ' || ${citizens.surname} from ${citizens} where ${citizens.id} = ${devices.citizenId})`,
};

type SelectedRow = {
  device: DeviceRow;
  tenantName: string | null;
  productName: string | null;
  citizenName: string | null;
};
const toRow = ({ device, ...names }: SelectedRow): AdministeredDeviceRow => ({ ...device, ...names });

const SORT_COLUMNS = {
  name: devices.name,
  imei: devices.imei,
  physicalLocation: sql`coalesce(${devices.physicalLocation}, 0)`,
  saleType: devices.saleType,
  readyForSale: devices.readyForSale,
  condition: devices.condition,
  tenantName: columns.tenantName,
  updatedAt: devices.updatedAt,
};

function searchOf(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  return or(
    ilike(devices.name, pattern),
    ilike(devices.imei, pattern),
    ilike(devices.owner, pattern),
    ilike(devices.serialNumber, pattern),
  );
}

export async function findAdministeredDevices(
  db: Database,
  tenantId: string | null,
  request: z.output<typeof zAdministeredDeviceListRequest>,
): Promise<{ items: AdministeredDeviceRow[]; totalCount: number }> {
  const where = and(
    inTenant(devices.tenantId, tenantId),
    searchOf(request.filter),
    request.physicalLocation === undefined
      ? undefined
      : request.physicalLocation === PHYSICAL_LOCATIONS.notSet
        ? or(isNull(devices.physicalLocation), eq(devices.physicalLocation, 0))
        : eq(devices.physicalLocation, request.physicalLocation),
    request.readyForSale === undefined ? undefined : eq(devices.readyForSale, request.readyForSale),
  );
  // One after the other: a transaction's connection runs one query at a time.
  const items = await db
    .select(columns)
    .from(devices)
    .where(where)
    .orderBy(orderByOf(request.sorting, SORT_COLUMNS, desc(devices.createdAt)), devices.id)
    .limit(request.maxResultCount)
    .offset(request.skipCount);
  const [total] = await db.select({ value: count() }).from(devices).where(where);
  return { items: items.map(toRow), totalCount: total?.value ?? 0 };
}

export async function findAdministeredDevice(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<AdministeredDeviceRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(devices)
    .where(and(eq(devices.id, id), inTenant(devices.tenantId, tenantId)));
  return row && toRow(row);
}

/** Locks the watch for a change in this transaction (concurrent stops/exchanges wait their turn). */
export async function lockDevice(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), inTenant(devices.tenantId, tenantId)))
    .for('update');
  return row;
}

export async function updateDevice(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<Omit<DeviceRow, 'id' | 'tenantId' | 'lastSeenMinute'>>,
): Promise<void> {
  await db
    .update(devices)
    .set(values)
    .where(and(eq(devices.id, id), inTenant(devices.tenantId, tenantId)));
}

/** Drops the app settings the citizen had for this watch (the link has ended). */
export async function deleteCitizenDeviceSettings(db: Database, tenantId: string | null, deviceId: string) {
  await db
    .delete(citizenDeviceSettings)
    .where(
      and(eq(citizenDeviceSettings.deviceId, deviceId), inTenant(citizenDeviceSettings.tenantId, tenantId)),
    );
}

/** Hands the citizen's app settings of one watch over to another; returns how many rows moved. */
export async function moveCitizenDeviceSettings(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  fromDeviceId: string,
  toDeviceId: string,
): Promise<number> {
  const moved = await db
    .update(citizenDeviceSettings)
    .set({ deviceId: toDeviceId })
    .where(
      and(
        inTenant(citizenDeviceSettings.tenantId, tenantId),
        eq(citizenDeviceSettings.citizenId, citizenId),
        eq(citizenDeviceSettings.deviceId, fromDeviceId),
      ),
    )
    .returning({ deviceId: citizenDeviceSettings.deviceId });
  return moved.length;
}

/** The tenant's watches that can replace another: in stock, ready for sale, free and not stopped. */
export async function findExchangeCandidates(
  db: Database,
  tenantId: string | null,
  excludeId: string,
  request: PageRequest,
): Promise<{ items: AdministeredDeviceRow[]; totalCount: number }> {
  const where = and(
    inTenant(devices.tenantId, tenantId),
    eq(devices.physicalLocation, PHYSICAL_LOCATIONS.inStock),
    eq(devices.readyForSale, true),
    isNull(devices.citizenId),
    sql`${devices.id} <> ${excludeId}`,
    searchOf(request.filter),
  );
  // One after the other: a transaction's connection runs one query at a time.
  const items = await db
    .select(columns)
    .from(devices)
    .where(where)
    .orderBy(devices.name, devices.id)
    .limit(request.maxResultCount)
    .offset(request.skipCount);
  const [total] = await db.select({ value: count() }).from(devices).where(where);
  return { items: items.map(toRow), totalCount: total?.value ?? 0 };
}

export type DeviceHistoryListRow = DeviceHistoryRow & { otherDeviceImei: string | null };

/** A watch's history, newest first. */
export async function findDeviceHistory(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  page: { skipCount: number; maxResultCount: number },
): Promise<{ items: DeviceHistoryListRow[]; totalCount: number }> {
  const where = and(eq(deviceHistory.deviceId, deviceId), inTenant(deviceHistory.tenantId, tenantId));
  // One after the other: a transaction's connection runs one query at a time.
  const items = await db
    .select({
      entry: deviceHistory,
      otherDeviceImei: sql<
        string | null
      >`(select ${devices.imei} from ${devices} where ${devices.id} = ${deviceHistory.otherDeviceId})`,
    })
    .from(deviceHistory)
    .where(where)
    .orderBy(desc(deviceHistory.createdAt), desc(deviceHistory.id))
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(deviceHistory).where(where);
  return {
    items: items.map(({ entry, otherDeviceImei }) => ({ ...entry, otherDeviceImei })),
    totalCount: total?.value ?? 0,
  };
}
