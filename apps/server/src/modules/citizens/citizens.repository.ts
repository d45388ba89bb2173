import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { tenants } from '../tenants/tenants.schema';
import { citizenGeofences, citizens, type CitizenRow } from './citizens.schema';

/** The columns a citizen is written with. */
export type CitizenValues = Omit<typeof citizens.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A citizen with the names its list and detail show. */
export type CitizenListRow = CitizenRow & {
  organizationName: string | null;
  specificCustomerName: string | null;
  deviceCount: number;
};

/** How the citizens of a list are chosen, beyond the tenant. */
export interface CitizenFilter {
  /** Matches name, surname, "name surname" or city (case-insensitive, anywhere). */
  text?: string;
  /** The CPR hash of a filter that is a whole CPR number: finds that citizen exactly. */
  cprHash?: string;
  organizationId?: string;
  geofenceId?: string;
  /** The materialised path of an organization unit: its citizens and those of its sub-units. */
  organizationCode?: string;
}

const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${devices.citizenId} = ${citizens.id})`;

const listColumns = {
  citizen: citizens,
  organizationName: organizationUnits.displayName,
  specificCustomerName: customers.name,
  deviceCount,
};

function toListRow(row: {
  citizen: CitizenRow;
  organizationName: string | null;
  specificCustomerName: string | null;
  deviceCount: number;
}): CitizenListRow {
  return {
    ...row.citizen,
    organizationName: row.organizationName,
    specificCustomerName: row.specificCustomerName,
    deviceCount: Number(row.deviceCount),
  };
}

function whereOf(tenantId: string | null, filter: CitizenFilter): SQL | undefined {
  const pattern = filter.text ? likePattern(filter.text) : undefined;
  const search = pattern
    ? or(
        ilike(citizens.name, pattern),
        ilike(citizens.surname, pattern),
        ilike(sql`${citizens.name} || ' ' || ${citizens.surname}`, pattern),
        ilike(citizens.city, pattern),
        filter.cprHash ? eq(citizens.cprHash, filter.cprHash) : undefined,
      )
    : undefined;
  return and(
    inTenant(citizens.tenantId, tenantId),
    search,
    filter.organizationId ? eq(citizens.organizationId, filter.organizationId) : undefined,
    filter.geofenceId
      ? inArray(
          citizens.id,
          sql`(select ${citizenGeofences.citizenId} from ${citizenGeofences} where ${citizenGeofences.geofenceId} = ${filter.geofenceId})`,
        )
      : undefined,
    filter.organizationCode
      ? or(
          eq(organizationUnits.code, filter.organizationCode),
          sql`${organizationUnits.code} like ${`${filter.organizationCode.replace(/[\\%_]/g, '\\$&')}.%`}`,
        )
      : undefined,
  );
}

/** One page of citizens, searched and sorted; ties broken by id so pages never overlap. */
export async function findCitizens(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
  filter: CitizenFilter,
): Promise<{ items: CitizenListRow[]; totalCount: number }> {
  const where = whereOf(tenantId, filter);
  const orderBy = orderByOf(
    page.sorting,
    {
      name: sql`lower(${citizens.name})`,
      surname: sql`lower(${citizens.surname})`,
      city: sql`lower(${citizens.city})`,
      organizationName: sql`lower(${organizationUnits.displayName})`,
      createdAt: citizens.createdAt,
    },
    sql`lower(${citizens.surname}) asc, lower(${citizens.name}) asc`,
  );
  const rows = await db
    .select(listColumns)
    .from(citizens)
    .leftJoin(organizationUnits, eq(organizationUnits.id, citizens.organizationId))
    .leftJoin(customers, eq(customers.id, citizens.specificCustomerId))
    .where(where)
    .orderBy(orderBy, citizens.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db
    .select({ n: count() })
    .from(citizens)
    .leftJoin(organizationUnits, eq(organizationUnits.id, citizens.organizationId))
    .where(where);
  return { items: rows.map(toListRow), totalCount: total?.n ?? 0 };
}

/** One citizen of the tenant with its names, or undefined (another tenant's is not told apart). */
export async function findCitizen(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<CitizenListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(citizens)
    .leftJoin(organizationUnits, eq(organizationUnits.id, citizens.organizationId))
    .leftJoin(customers, eq(customers.id, citizens.specificCustomerId))
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.id, id)));
  return row ? toListRow(row) : undefined;
}

export async function citizenExists(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: citizens.id })
    .from(citizens)
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.id, id)));
  return row !== undefined;
}

/** The id of the tenant's citizen with this CPR hash, if any. */
export async function findCitizenIdByCprHash(
  db: Database,
  tenantId: string | null,
  cprHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: citizens.id })
    .from(citizens)
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.cprHash, cprHash)));
  return row?.id;
}

export async function insertCitizen(db: Database, values: CitizenValues): Promise<string> {
  const [row] = await db.insert(citizens).values(values).returning({ id: citizens.id });
  return row!.id;
}

export async function updateCitizen(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Omit<CitizenValues, 'tenantId' | 'createdByUserId'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(citizens)
    .set({ ...values, updatedAt: now })
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.id, id)))
    .returning({ id: citizens.id });
  return rows.length > 0;
}

/** Deletes the citizen; its watches are freed (devices.citizen_id set null by the foreign key). */
export async function deleteCitizen(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(citizens)
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.id, id)))
    .returning({ id: citizens.id });
  return rows.length > 0;
}

/** The tenant's organization unit (its materialised path), or undefined. */
export async function findOrganization(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<{ id: string; code: string } | undefined> {
  const [row] = await db
    .select({ id: organizationUnits.id, code: organizationUnits.code })
    .from(organizationUnits)
    .where(and(inTenant(organizationUnits.tenantId, tenantId), eq(organizationUnits.id, id)));
  return row;
}

/**
 * The one organization unit of a household tenant (ARCHITECTURE "Households"); undefined for an
 * organization tenant or the host.
 */
export async function findHouseholdUnitId(
  db: Database,
  tenantId: string | null,
): Promise<string | undefined> {
  if (tenantId === null) return undefined;
  const [row] = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .innerJoin(tenants, and(eq(tenants.id, organizationUnits.tenantId), eq(tenants.kind, 'household')))
    .where(eq(organizationUnits.tenantId, tenantId))
    .orderBy(asc(organizationUnits.code))
    .limit(1);
  return row?.id;
}

export async function customerExists(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, id)));
  return row !== undefined;
}
