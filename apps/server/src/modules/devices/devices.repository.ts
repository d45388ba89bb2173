import { and, count, desc, ilike, or, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { devices, type DeviceRow } from './devices.schema';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';

/** Whether any tenant has registered this IMEI (registration is unique system-wide). */
export async function imeiExists(db: Database, imei: string): Promise<boolean> {
  // Other tenants' watches are hidden by row-level security; the database answers yes or no.
  const [row] = await selectRows<{ taken: boolean }>(db, sql`select homeward_imei_taken(${imei}) as taken`);
  return Boolean(row?.taken);
}

export async function insertDevice(
  db: Database,
  values: { tenantId: string | null; name: string; imei: string; createdByUserId: string },
): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  return row!;
}

/** One page of a tenant's devices, searchable by name or IMEI. */
export async function findDevices(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
): Promise<{ items: DeviceRow[]; totalCount: number }> {
  const search = page.filter
    ? or(ilike(devices.name, likePattern(page.filter)), ilike(devices.imei, likePattern(page.filter)))
    : undefined;
  const where = and(inTenant(devices.tenantId, tenantId), search);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(devices)
      .where(where)
      .orderBy(
        orderByOf(
          page.sorting,
          { name: devices.name, imei: devices.imei, createdAt: devices.createdAt },
          desc(devices.createdAt),
        ),
      )
      .limit(page.maxResultCount)
      .offset(page.skipCount),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}
