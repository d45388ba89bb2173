import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_ORGANIZATION_OPTIONS_MAX,
  PHYSICAL_LOCATIONS,
  type DeviceListRequest,
  type DeviceStatus,
} from '@homeward/contracts';
import { selectRows, type Database } from '../../platform/db/database';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { citizens } from '../citizens/citizens.schema';
import { devices, type DeviceRow, type NewDeviceRow } from './devices.schema';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';

/** A device row with the names the lists show next to it. */
export type DeviceListRow = DeviceRow & {
  organizationName: string | null;
  productName: string | null;
  citizenName: string | null;
};

/**
 * Whether any tenant has registered this value (registration is unique system-wide). Other
 * tenants' watches are hidden by row-level security; owner-run database functions answer yes or no.
 */
async function taken(db: Database, fn: SQL, value: string): Promise<boolean> {
  const [row] = await selectRows<{ taken: boolean }>(db, sql`select ${fn}(${value}) as taken`);
  return Boolean(row?.taken);
}

export const imeiExists = (db: Database, imei: string) => taken(db, sql.raw('homeward_imei_taken'), imei);
export const stellaIdExists = (db: Database, stellaId: string) =>
  taken(db, sql.raw('homeward_stella_id_taken'), stellaId);
export const deviceIdentifierExists = (db: Database, identifier: string) =>
  taken(db, sql.raw('homeward_device_identifier_taken'), identifier);

export async function insertDevice(db: Database, values: NewDeviceRow): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  return row!;
}

const listColumns = {
  device: devices,
  organizationName: organizationUnits.displayName,
  productName: products.name,
  // The wearer's full name; a subquery keeps the list's joins (and its indexes) as they are.
  citizenName: sql<
    string | null
  >`(select ${citizens.name} || ' ' || ${citizens.surname} from ${citizens} where ${citizens.id} = ${devices.citizenId})`,
};

function toListRow(row: {
  device: DeviceRow;
  organizationName: string | null;
  productName: string | null;
  citizenName: string | null;
}): DeviceListRow {
  return {
    ...row.device,
    organizationName: row.organizationName,
    productName: row.productName,
    citizenName: row.citizenName,
  };
}

function whereOf(tenantId: string | null, request: Omit<DeviceListRequest, 'sorting'>): SQL | undefined {
  const search = request.filter
    ? or(
        ilike(devices.name, likePattern(request.filter)),
        ilike(devices.imei, likePattern(request.filter)),
        ilike(devices.serialNumber, likePattern(request.filter)),
        ilike(devices.stellaId, likePattern(request.filter)),
      )
    : undefined;
  return and(
    inTenant(devices.tenantId, tenantId),
    search,
    request.status ? eq(devices.status, request.status) : undefined,
    request.batteryMin !== undefined ? gte(devices.battery, Number(request.batteryMin)) : undefined,
    request.batteryMax !== undefined ? lte(devices.battery, Number(request.batteryMax)) : undefined,
    request.organizationId ? eq(devices.organizationId, request.organizationId) : undefined,
  );
}

/**
 * One page of a tenant's devices, searchable by name, IMEI, serial number or Stella ID, filtered by
 * status, battery range and organization. Ties are broken by id so pages never overlap.
 */
export async function findDevices(
  db: Database,
  tenantId: string | null,
  request: PageRequest & Omit<DeviceListRequest, keyof PageRequest>,
): Promise<{ items: DeviceListRow[]; totalCount: number }> {
  const where = whereOf(tenantId, request);
  const order = orderByOf(
    request.sorting,
    {
      name: devices.name,
      imei: devices.imei,
      status: devices.status,
      battery: { nullsLast: devices.battery },
      lastSeenAt: { nullsLast: [devices.lastSeenMinute, devices.lastSeenAt] },
      createdAt: devices.createdAt,
      organizationName: organizationUnits.displayName,
    },
    desc(devices.createdAt),
  );
  const rows = await db
    .select(listColumns)
    .from(devices)
    .leftJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .leftJoin(products, eq(products.id, devices.productId))
    .where(where)
    .orderBy(order, asc(devices.id))
    .limit(request.maxResultCount)
    .offset(request.skipCount);
  const [total] = await db.select({ n: count() }).from(devices).where(where);
  return { items: rows.map(toListRow), totalCount: total?.n ?? 0 };
}

export async function findDevice(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<DeviceListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(devices)
    .leftJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, id)));
  return row ? toListRow(row) : null;
}

/** The tenant's own watch with this IMEI, if it has one (batch uploads are idempotent on it). */
export async function findDeviceIdByImei(
  db: Database,
  tenantId: string | null,
  imei: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.imei, imei)));
  return row?.id ?? null;
}

export async function updateDevice(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Pick<NewDeviceRow, 'name' | 'organizationId'>,
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, id)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

export async function deleteDevice(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, id)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** How many of the tenant's devices are in each status: the dashboard chart (one index scan). */
export async function countDevicesByStatus(
  db: Database,
  tenantId: string | null,
): Promise<{ status: DeviceStatus; n: number }[]> {
  return db
    .select({ status: devices.status, n: count() })
    .from(devices)
    .where(inTenant(devices.tenantId, tenantId))
    .groupBy(devices.status);
}

/** The tenant's devices in total (the `Homeward.MaxDevices` limit). */
export async function countDevices(db: Database, tenantId: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(inTenant(devices.tenantId, tenantId));
  return row?.n ?? 0;
}

/** An organization unit of the tenant by id, or by its name (batch uploads name them). */
export async function findOrganizationId(
  db: Database,
  tenantId: string | null,
  idOrName: string,
): Promise<string | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrName);
  const [row] = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(
      and(
        inTenant(organizationUnits.tenantId, tenantId),
        isUuid
          ? eq(organizationUnits.id, idOrName)
          : sql`lower(${organizationUnits.displayName}) = lower(${idOrName})`,
      ),
    )
    .orderBy(organizationUnits.code)
    .limit(1);
  return row?.id ?? null;
}

/** The tenant's organization units by name, for the device screens' organization pickers. */
export async function findOrganizationOptions(
  db: Database,
  tenantId: string | null,
): Promise<{ id: string; displayName: string }[]> {
  return db
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName })
    .from(organizationUnits)
    .where(inTenant(organizationUnits.tenantId, tenantId))
    .orderBy(organizationUnits.displayName, organizationUnits.id)
    .limit(DEVICE_ORGANIZATION_OPTIONS_MAX);
}

/**
 * Stores a watch's activation code. `onlyIfMissing`: a code made at first need (watches registered
 * before codes existed) never replaces one a concurrent request stored first. `backInStock`: a
 * renewed code puts a returned watch back in stock (no longer "awaiting return"). False when the
 * scope could not write the row (the read-only All tenants view) or a code was there already.
 */
export async function storeActivationCode(
  db: Database,
  tenantId: string | null,
  id: string,
  values: { activationCodeEncrypted: string; activationCodeHash: string },
  options: { onlyIfMissing: boolean; backInStock: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({
      ...values,
      ...(options.backInStock
        ? { physicalLocation: sql`nullif(${devices.physicalLocation}, ${PHYSICAL_LOCATIONS.awaitingReturn})` }
        : {}),
      updatedAt: options.now,
    })
    .where(
      and(
        inTenant(devices.tenantId, tenantId),
        eq(devices.id, id),
        options.onlyIfMissing ? sql`${devices.activationCodeHash} is null` : undefined,
      ),
    )
    .returning({ id: devices.id });
  return rows.length > 0;
}
