import { and, asc, count, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { contactPeople } from '../contact-people/contact-people.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';
import { customerProductPrices, customers, type CustomerRow } from './customers.schema';

export type CustomerValues = Omit<typeof customers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CustomerListRow = CustomerRow & { tenantName: string | null; contactCount: number };

const listColumns = {
  customer: customers,
  tenantName: tenants.name,
  contactCount: sql<number>`(select count(*)::int from ${contactPeople} where ${contactPeople.customerId} = ${customers.id})`,
};

function flatten(row: { customer: CustomerRow; tenantName: string | null; contactCount: number }) {
  return { ...row.customer, tenantName: row.tenantName, contactCount: Number(row.contactCount) };
}

/**
 * The search: name and city contain the text; CVR and EAN start with it when it is all digits
 * (a prefix test is cheaper per row than a second infix scan, and numbers are typed from the start).
 */
function searchOf(filter: string | undefined) {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  const digits = /^\d+$/.test(filter);
  return or(
    ilike(customers.name, pattern),
    ilike(customers.city, pattern),
    digits ? like(customers.cvr, `${filter}%`) : undefined,
    digits ? like(customers.ean, `${filter}%`) : undefined,
  );
}

/**
 * One page of customers. Sorting by name uses lower(name), matching the (tenant_id, lower(name), id)
 * index. The page's ids are found first and only those 25 rows are joined and read in full (a
 * deferred join), so a deep page sorts narrow rows instead of whole customers.
 */
export async function findCustomers(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
): Promise<{ items: CustomerListRow[]; totalCount: number }> {
  const where = and(inTenant(customers.tenantId, tenantId), searchOf(page.filter));
  const orderBy = orderByOf(
    page.sorting,
    {
      name: sql`lower(${customers.name})`,
      city: customers.city,
      status: customers.status,
      createdAt: customers.createdAt,
    },
    sql`lower(${customers.name}) asc`,
  );
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(orderBy, customers.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const rows = await db
    .select(listColumns)
    .from(customers)
    .leftJoin(tenants, eq(tenants.id, customers.tenantId))
    .where(inArray(customers.id, pageIds))
    .orderBy(orderBy, customers.id);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return { items: rows.map(flatten), totalCount: total?.n ?? 0 };
}

export async function findCustomer(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<CustomerListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .leftJoin(tenants, eq(tenants.id, customers.tenantId))
    .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, id)));
  return row && flatten(row);
}

export async function insertCustomer(db: Database, values: CustomerValues): Promise<string> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

/** Updates a customer of the tenant; false when there is none with that id. */
export async function updateCustomer(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<CustomerValues>,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** Deletes a customer with its contacts and prices (cascade). */
export async function deleteCustomer(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(customers)
    .where(and(inTenant(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** The tenant's products with this customer's own price of each, if any. */
export async function findCustomerPrices(db: Database, tenantId: string | null, customerId: string) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      kind: products.kind,
      currency: products.currency,
      listPriceMinor: products.listPriceMinor,
      customerPriceMinor: customerProductPrices.priceMinor,
    })
    .from(products)
    .leftJoin(
      customerProductPrices,
      and(eq(customerProductPrices.productId, products.id), eq(customerProductPrices.customerId, customerId)),
    )
    .where(inTenant(products.tenantId, tenantId))
    .orderBy(products.kind, sql`lower(${products.name})`);
}

export async function upsertCustomerPrice(
  db: Database,
  values: { tenantId: string | null; customerId: string; productId: string; priceMinor: number },
): Promise<void> {
  await db
    .insert(customerProductPrices)
    .values(values)
    .onConflictDoUpdate({
      target: [customerProductPrices.customerId, customerProductPrices.productId],
      set: { priceMinor: values.priceMinor, updatedAt: new Date() },
    });
}

export async function deleteCustomerPrices(
  db: Database,
  tenantId: string | null,
  customerId: string,
  productId?: string,
): Promise<void> {
  await db
    .delete(customerProductPrices)
    .where(
      and(
        inTenant(customerProductPrices.tenantId, tenantId),
        eq(customerProductPrices.customerId, customerId),
        productId ? eq(customerProductPrices.productId, productId) : undefined,
      ),
    );
}

/** The tenant's organizations that name this customer, by name. */
export async function findLinkedOrganizations(db: Database, tenantId: string | null, customerId: string) {
  return db
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName })
    .from(organizationUnits)
    .where(and(inTenant(organizationUnits.tenantId, tenantId), eq(organizationUnits.customerId, customerId)))
    .orderBy(asc(organizationUnits.displayName), asc(organizationUnits.id));
}
