import { and, asc, count, eq, ilike, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { customers } from '../customers/customers.schema';
import { geofences } from '../geofences/geofences.schema';
import { roles } from '../roles/roles.schema';

/**
 * Organization queries over `organization_units`, each limited to one tenant. The tree itself
 * (codes, moves, sibling names) stays in the organization-units repository.
 */

const parent = alias(organizationUnits, 'parent');

const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${devices.organizationId} = ${organizationUnits.id})`;
const childCount = sql<number>`(select count(*)::int from organization_units child where child.parent_id = ${organizationUnits.id})`;

const organizationColumns = {
  id: organizationUnits.id,
  parentId: organizationUnits.parentId,
  parentName: parent.displayName,
  code: organizationUnits.code,
  displayName: organizationUnits.displayName,
  customerId: organizationUnits.customerId,
  customerName: customers.name,
  geofenceId: organizationUnits.geofenceId,
  geofenceName: geofences.name,
  deviceCount,
  childCount,
  createdAt: organizationUnits.createdAt,
};

/** An organization as the queries return it. */
export interface OrganizationRecord {
  id: string;
  parentId: string | null;
  parentName: string | null;
  code: string;
  displayName: string;
  customerId: string | null;
  customerName: string | null;
  geofenceId: string | null;
  geofenceName: string | null;
  deviceCount: number;
  childCount: number;
  createdAt: Date;
}

const SORTABLE = {
  displayName: organizationUnits.displayName,
  parentName: parent.displayName,
  deviceCount,
  createdAt: organizationUnits.createdAt,
};

function selectOrganizations(db: Database) {
  return db
    .select(organizationColumns)
    .from(organizationUnits)
    .leftJoin(parent, eq(parent.id, organizationUnits.parentId))
    .leftJoin(customers, eq(customers.id, organizationUnits.customerId))
    .leftJoin(geofences, eq(geofences.id, organizationUnits.geofenceId));
}

/** `parentId`: undefined lists the whole tree, null the roots, an id that unit's children. */
function whereOf(tenantId: string | null, filter: string | undefined, parentId?: string | null): SQL {
  return and(
    inTenant(organizationUnits.tenantId, tenantId),
    filter ? ilike(organizationUnits.displayName, likePattern(filter)) : undefined,
    parentId === undefined
      ? undefined
      : parentId === null
        ? isNull(organizationUnits.parentId)
        : eq(organizationUnits.parentId, parentId),
  )!;
}

/**
 * One page of organizations with parent name, device and child counts; searchable by name and
 * sortable by a whitelist (default: the name, so the list reads like the tree's siblings).
 */
export async function findOrganizations(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
  parentId?: string | null,
): Promise<{ items: OrganizationRecord[]; totalCount: number }> {
  const where = whereOf(tenantId, page.filter, parentId);
  const items = await selectOrganizations(db)
    .where(where)
    .orderBy(
      orderByOf(page.sorting, SORTABLE, asc(organizationUnits.displayName)),
      // A unique tie-breaker keeps pages stable when names repeat in different branches.
      asc(organizationUnits.id),
    )
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(organizationUnits).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findOrganization(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<OrganizationRecord | undefined> {
  const [row] = await selectOrganizations(db).where(
    and(eq(organizationUnits.id, id), inTenant(organizationUnits.tenantId, tenantId)),
  );
  return row;
}

/** `{id, displayName}` of organizations, searchable, ordered by name: the organization picker. */
export async function findOrganizationLookup(
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) {
  const where = whereOf(tenantId, lookup.filter);
  const items = await db
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName })
    .from(organizationUnits)
    .where(where)
    .orderBy(asc(organizationUnits.displayName), asc(organizationUnits.id))
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(organizationUnits).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

/** `{id, displayName}` of the tenant's roles, searchable by name. */
export async function findRoleLookup(
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) {
  const where = and(
    inTenant(roles.tenantId, tenantId),
    lookup.filter ? ilike(roles.name, likePattern(lookup.filter)) : undefined,
  );
  const items = await db
    .select({ id: roles.id, displayName: roles.name })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.name), asc(roles.id))
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function updateOrganizationLinks(
  db: Database,
  tenantId: string | null,
  id: string,
  links: { customerId: string | null; geofenceId: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(organizationUnits)
    .set({ ...links, updatedAt: at })
    .where(and(eq(organizationUnits.id, id), inTenant(organizationUnits.tenantId, tenantId)));
}

/**
 * The customer of the nearest unit on the path from the root to `code` (the unit itself first)
 * that has one. Ancestors are the units whose code is a prefix of `code` at a segment boundary.
 */
export async function findNearestCustomerId(
  db: Database,
  tenantId: string | null,
  code: string,
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: organizationUnits.customerId })
    .from(organizationUnits)
    .where(
      and(
        inTenant(organizationUnits.tenantId, tenantId),
        isNotNull(organizationUnits.customerId),
        sql`(${organizationUnits.code} = ${code} or ${code} like ${organizationUnits.code} || '.%')`,
      ),
    )
    .orderBy(sql`length(${organizationUnits.code}) desc`)
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * `{id, displayName}` of the tenant's customers or geofences, searchable by name: the pickers of
 * an organization's customer and default geofence.
 */
async function findNamedLookup(
  db: Database,
  table: typeof customers | typeof geofences,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) {
  const where = and(
    inTenant(table.tenantId, tenantId),
    lookup.filter ? ilike(table.name, likePattern(lookup.filter)) : undefined,
  );
  const items = await db
    .select({ id: table.id, displayName: table.name })
    .from(table)
    .where(where)
    .orderBy(asc(table.name), asc(table.id))
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export const findCustomerLookup = (
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) => findNamedLookup(db, customers, tenantId, lookup);

export const findGeofenceLookup = (
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) => findNamedLookup(db, geofences, tenantId, lookup);

/**
 * Whether the tenant has this customer and this geofence. Foreign keys ignore row-level security,
 * so without this check an organization could point at another tenant's row.
 */
export async function findLinkTargets(
  db: Database,
  tenantId: string | null,
  links: { customerId: string | null; geofenceId: string | null },
): Promise<{ customer: boolean; geofence: boolean }> {
  const [customer] = links.customerId
    ? await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, links.customerId)))
    : [];
  const [geofence] = links.geofenceId
    ? await db
        .select({ id: geofences.id })
        .from(geofences)
        .where(and(inTenant(geofences.tenantId, tenantId), eq(geofences.id, links.geofenceId)))
    : [];
  return { customer: Boolean(customer), geofence: Boolean(geofence) };
}
