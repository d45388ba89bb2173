import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { geofences, type GeofenceRow } from './geofences.schema';

/** The columns a geofence is written with (shape columns of the other kind are null). */
export type GeofenceValues = Omit<GeofenceRow, 'id' | 'createdAt' | 'updatedAt' | 'createdByUserId'>;

export async function insertGeofence(
  db: Database,
  values: GeofenceValues & { createdByUserId: string },
): Promise<GeofenceRow> {
  const [row] = await db.insert(geofences).values(values).returning();
  return row!;
}

/** One geofence of the tenant, or undefined (another tenant's is not told apart from none). */
export async function findGeofence(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<GeofenceRow | undefined> {
  const [row] = await db
    .select()
    .from(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), eq(geofences.id, id)));
  return row;
}

export async function updateGeofence(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Omit<GeofenceValues, 'tenantId'>,
  now: Date,
): Promise<GeofenceRow | undefined> {
  const [row] = await db
    .update(geofences)
    .set({ ...values, updatedAt: now })
    .where(and(inTenant(geofences.tenantId, tenantId), eq(geofences.id, id)))
    .returning();
  return row;
}

/** Whether a row was deleted. */
export async function deleteGeofence(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), eq(geofences.id, id)))
    .returning({ id: geofences.id });
  return rows.length > 0;
}

/** One page of a tenant's geofences, searched by name or description. */
export async function findGeofences(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
): Promise<{ items: GeofenceRow[]; totalCount: number }> {
  const search = page.filter
    ? or(
        ilike(geofences.name, likePattern(page.filter)),
        ilike(geofences.description, likePattern(page.filter)),
      )
    : undefined;
  const where = and(inTenant(geofences.tenantId, tenantId), search);
  const items = await db
    .select()
    .from(geofences)
    .where(where)
    .orderBy(
      orderByOf(
        page.sorting,
        { name: geofences.name, kind: geofences.kind, createdAt: geofences.createdAt },
        desc(geofences.createdAt),
      ),
      desc(geofences.id),
    )
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(geofences).where(where);
  return { items, totalCount: total?.n ?? 0 };
}
