import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { customers } from '../customers/customers.schema';
import {
  contactPeople,
  contactPersonRoles,
  contactRoles,
  type ContactPersonRow,
} from './contact-people.schema';

export type ContactPersonValues = Omit<typeof contactPeople.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ContactPersonListRow = ContactPersonRow & {
  customerName: string;
  roles: { id: string; name: string }[];
};

/** A page of contacts, of one customer or all, with the customer's name; searchable by name, e-mail, phone. */
export async function findContactPeople(
  db: Database,
  tenantId: string | null,
  page: PageRequest & { customerId?: string },
): Promise<{ items: ContactPersonListRow[]; totalCount: number }> {
  const pattern = page.filter ? likePattern(page.filter) : undefined;
  const where = and(
    inTenant(contactPeople.tenantId, tenantId),
    page.customerId ? eq(contactPeople.customerId, page.customerId) : undefined,
    pattern
      ? or(
          ilike(contactPeople.firstName, pattern),
          ilike(contactPeople.lastName, pattern),
          ilike(contactPeople.email, pattern),
          ilike(contactPeople.phone, pattern),
          ilike(customers.name, pattern),
        )
      : undefined,
  );
  const orderBy = orderByOf(
    page.sorting,
    {
      lastName: sql`lower(${contactPeople.lastName})`,
      firstName: sql`lower(${contactPeople.firstName})`,
      email: contactPeople.email,
      customerName: sql`lower(${customers.name})`,
      createdAt: contactPeople.createdAt,
    },
    sql`lower(${contactPeople.lastName}) asc, lower(${contactPeople.firstName}) asc`,
  );
  const rows = await db
    .select({ person: contactPeople, customerName: customers.name })
    .from(contactPeople)
    .innerJoin(customers, eq(customers.id, contactPeople.customerId))
    .where(where)
    .orderBy(orderBy, contactPeople.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db
    .select({ n: count() })
    .from(contactPeople)
    .innerJoin(customers, eq(customers.id, contactPeople.customerId))
    .where(where);
  const roles = await findRolesOf(
    db,
    rows.map((row) => row.person.id),
  );
  return {
    items: rows.map((row) => ({
      ...row.person,
      customerName: row.customerName,
      roles: roles.get(row.person.id) ?? [],
    })),
    totalCount: total?.n ?? 0,
  };
}

async function findRolesOf(db: Database, contactPersonIds: string[]) {
  const byPerson = new Map<string, { id: string; name: string }[]>();
  if (contactPersonIds.length === 0) return byPerson;
  const rows = await db
    .select({ personId: contactPersonRoles.contactPersonId, id: contactRoles.id, name: contactRoles.name })
    .from(contactPersonRoles)
    .innerJoin(contactRoles, eq(contactRoles.id, contactPersonRoles.contactRoleId))
    .where(inArray(contactPersonRoles.contactPersonId, contactPersonIds))
    .orderBy(contactRoles.name);
  for (const row of rows) {
    byPerson.set(row.personId, [...(byPerson.get(row.personId) ?? []), { id: row.id, name: row.name }]);
  }
  return byPerson;
}

export async function findContactPerson(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<ContactPersonListRow | undefined> {
  const [row] = await db
    .select({ person: contactPeople, customerName: customers.name })
    .from(contactPeople)
    .innerJoin(customers, eq(customers.id, contactPeople.customerId))
    .where(and(inTenant(contactPeople.tenantId, tenantId), eq(contactPeople.id, id)));
  if (!row) return undefined;
  const roles = await findRolesOf(db, [id]);
  return { ...row.person, customerName: row.customerName, roles: roles.get(id) ?? [] };
}

export async function insertContactPerson(db: Database, values: ContactPersonValues): Promise<string> {
  const [row] = await db.insert(contactPeople).values(values).returning({ id: contactPeople.id });
  return row!.id;
}

export async function updateContactPerson(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<ContactPersonValues>,
): Promise<boolean> {
  const rows = await db
    .update(contactPeople)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(contactPeople.tenantId, tenantId), eq(contactPeople.id, id)))
    .returning({ id: contactPeople.id });
  return rows.length > 0;
}

export async function deleteContactPerson(db: Database, tenantId: string | null, id: string) {
  const rows = await db
    .delete(contactPeople)
    .where(and(inTenant(contactPeople.tenantId, tenantId), eq(contactPeople.id, id)))
    .returning({ id: contactPeople.id });
  return rows.length > 0;
}

/** Replaces a contact person's roles. */
export async function replaceContactPersonRoles(
  db: Database,
  tenantId: string | null,
  contactPersonId: string,
  roleIds: string[],
): Promise<void> {
  await db.delete(contactPersonRoles).where(eq(contactPersonRoles.contactPersonId, contactPersonId));
  if (roleIds.length === 0) return;
  await db
    .insert(contactPersonRoles)
    .values(roleIds.map((contactRoleId) => ({ tenantId, contactPersonId, contactRoleId })));
}

export async function customerExists(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, id)));
  return row !== undefined;
}

export async function findContactRoles(db: Database, tenantId: string | null) {
  return db
    .select({ id: contactRoles.id, name: contactRoles.name })
    .from(contactRoles)
    .where(inTenant(contactRoles.tenantId, tenantId))
    .orderBy(sql`lower(${contactRoles.name})`);
}

export async function insertContactRole(db: Database, tenantId: string | null, name: string) {
  const [row] = await db
    .insert(contactRoles)
    .values({ tenantId, name })
    .returning({ id: contactRoles.id, name: contactRoles.name });
  return row!;
}

export async function deleteContactRole(db: Database, tenantId: string | null, id: string) {
  const rows = await db
    .delete(contactRoles)
    .where(and(inTenant(contactRoles.tenantId, tenantId), eq(contactRoles.id, id)))
    .returning({ id: contactRoles.id });
  return rows.length > 0;
}
