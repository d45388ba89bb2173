import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { products, type ProductRow } from './products.schema';

type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** One page of a tenant's catalogue, searchable by name. */
export async function findProducts(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
): Promise<{ items: ProductRow[]; totalCount: number }> {
  const where = and(
    inTenant(products.tenantId, tenantId),
    page.filter ? ilike(products.name, likePattern(page.filter)) : undefined,
  );
  const orderBy = orderByOf(
    page.sorting,
    {
      name: sql`lower(${products.name})`,
      kind: products.kind,
      listPriceMinor: products.listPriceMinor,
      createdAt: products.createdAt,
      launchDate: { nullsLast: products.launchDate },
      endOfLifeDate: { nullsLast: products.endOfLifeDate },
      count: { nullsLast: products.stockCount },
    },
    sql`lower(${products.name}) asc`,
  );
  const items = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(orderBy, products.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

/** Every product of a tenant, by kind then name (the pricing tab lists them all). */
export async function findAllProducts(db: Database, tenantId: string | null): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(inTenant(products.tenantId, tenantId))
    .orderBy(products.kind, sql`lower(${products.name})`);
}

export async function findProduct(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(inTenant(products.tenantId, tenantId), eq(products.id, id)));
  return row;
}

export async function insertProduct(db: Database, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(products.tenantId, tenantId), eq(products.id, id)))
    .returning();
  return row;
}

export async function deleteProduct(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(and(inTenant(products.tenantId, tenantId), eq(products.id, id)))
    .returning({ id: products.id });
  return rows.length > 0;
}
