import { and, asc, count, eq, getTableColumns, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { products } from '../products/products.schema';
import { commandTemplates, type CommandTemplateRow } from './command-templates.schema';

/** Command templates repository: every query is limited to one tenant (or the host). */

export interface CommandTemplatePageRequest extends PageRequest {
  productId?: string;
}

/** A template with the name of its product (null for "any product"). */
export type CommandTemplateWithProduct = CommandTemplateRow & { productName: string | null };

type CommandTemplateValues = Omit<typeof commandTemplates.$inferInsert, 'id'>;

const SORT_COLUMNS = {
  name: sql`lower(${commandTemplates.name})`,
  commandText: commandTemplates.commandText,
  isTextMessage: commandTemplates.isTextMessage,
  createdAt: commandTemplates.createdAt,
};

const withProduct = { ...getTableColumns(commandTemplates), productName: products.name };

/** The search matches the name, the description and the command text. */
function searchOf(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  return or(
    ilike(commandTemplates.name, pattern),
    ilike(commandTemplates.description, pattern),
    ilike(commandTemplates.commandText, pattern),
  );
}

/**
 * One page of a tenant's templates. A product filter keeps the templates for that product and
 * those for any product (the terminal offers both for a watch of that family).
 */
export async function findCommandTemplates(
  db: Database,
  tenantId: string | null,
  page: CommandTemplatePageRequest,
): Promise<{ items: CommandTemplateWithProduct[]; totalCount: number }> {
  const where = and(
    inTenant(commandTemplates.tenantId, tenantId),
    searchOf(page.filter),
    page.productId
      ? or(eq(commandTemplates.productId, page.productId), isNull(commandTemplates.productId))
      : undefined,
  );
  const orderBy = orderByOf(page.sorting, SORT_COLUMNS, sql`lower(${commandTemplates.name}) asc`);
  const items = await db
    .select(withProduct)
    .from(commandTemplates)
    .leftJoin(products, eq(products.id, commandTemplates.productId))
    .where(where)
    .orderBy(orderBy, commandTemplates.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(commandTemplates).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findCommandTemplate(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<CommandTemplateWithProduct | undefined> {
  const [row] = await db
    .select(withProduct)
    .from(commandTemplates)
    .leftJoin(products, eq(products.id, commandTemplates.productId))
    .where(and(inTenant(commandTemplates.tenantId, tenantId), eq(commandTemplates.id, id)));
  return row;
}

/** Whether another template of the tenant (not `exceptId`) has this name in any case. */
export async function isNameTaken(
  db: Database,
  tenantId: string | null,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: commandTemplates.id })
    .from(commandTemplates)
    .where(
      and(
        inTenant(commandTemplates.tenantId, tenantId),
        eq(sql`lower(${commandTemplates.name})`, name.toLowerCase()),
        exceptId ? ne(commandTemplates.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

/**
 * The tenant's device family with this id, if any. Foreign keys ignore row-level security, so
 * without this check a template could point at another tenant's product.
 */
export async function findDeviceFamily(
  db: Database,
  tenantId: string | null,
  productId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        inTenant(products.tenantId, tenantId),
        eq(products.id, productId),
        eq(products.kind, 'deviceFamily'),
      ),
    );
  return row;
}

/** The tenant's device families as `{id, displayName}`, searched by name, for the product picker. */
export async function findDeviceFamilyLookup(
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) {
  const where = and(
    inTenant(products.tenantId, tenantId),
    eq(products.kind, 'deviceFamily'),
    lookup.filter ? ilike(products.name, likePattern(lookup.filter)) : undefined,
  );
  const items = await db
    .select({ id: products.id, displayName: products.name })
    .from(products)
    .where(where)
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function insertCommandTemplate(
  db: Database,
  values: CommandTemplateValues,
): Promise<CommandTemplateRow> {
  const [row] = await db.insert(commandTemplates).values(values).returning();
  return row!;
}

export async function updateCommandTemplate(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<CommandTemplateValues>,
): Promise<CommandTemplateRow | undefined> {
  const [row] = await db
    .update(commandTemplates)
    .set(values)
    .where(and(inTenant(commandTemplates.tenantId, tenantId), eq(commandTemplates.id, id)))
    .returning();
  return row;
}

/** Deletes one template; false when the tenant has none with that id. */
export async function deleteCommandTemplate(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(commandTemplates)
    .where(and(inTenant(commandTemplates.tenantId, tenantId), eq(commandTemplates.id, id)))
    .returning({ id: commandTemplates.id });
  return deleted.length > 0;
}
