import { PHYSICAL_LOCATIONS } from '@homeward/contracts';
import { and, asc, count, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { customerProductPrices } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';

/**
 * The tenant's stock: watches that can be sold now, and accessories' counts. A watch is for sale
 * when it is In stock (physical location 1), cleared as ready for sale, not stopped and worn by
 * nobody.
 */
function watchForSale(tenantId: string | null): SQL {
  return and(
    inTenant(devices.tenantId, tenantId),
    eq(devices.physicalLocation, PHYSICAL_LOCATIONS.inStock),
    eq(devices.readyForSale, true),
    isNull(devices.stoppedAs),
    isNull(devices.citizenId),
  )!;
}

/** Every device family of the tenant with how many of its watches are for sale, by name. */
export async function findAvailableForOrder(db: Database, tenantId: string | null) {
  return db
    .select({ productId: products.id, productName: products.name, available: count(devices.id) })
    .from(products)
    .leftJoin(devices, and(eq(devices.productId, products.id), watchForSale(tenantId)))
    .where(and(inTenant(products.tenantId, tenantId), eq(products.kind, 'deviceFamily')))
    .groupBy(products.id, products.name)
    .orderBy(sql`lower(${products.name})`, products.id);
}

/** The tenant's accessories not past their end of life on `today`, by name. */
export async function findOrderableAccessories(db: Database, tenantId: string | null, today: string) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      count: sql<number>`coalesce(${products.stockCount}, 0)`,
      endOfLifeDate: products.endOfLifeDate,
    })
    .from(products)
    .where(
      and(
        inTenant(products.tenantId, tenantId),
        eq(products.kind, 'accessory'),
        sql`(${products.endOfLifeDate} is null or ${products.endOfLifeDate} >= ${today}::date)`,
      ),
    )
    .orderBy(sql`lower(${products.name})`, products.id);
}

/** A watch an order reserves, locked until the order's transaction ends. */
export interface ReservedWatch {
  id: string;
  imei: string;
  name: string;
  activationCodeEncrypted: string | null;
}

/**
 * Locks up to `quantity` watches of the family that are for sale, oldest registered first. Watches
 * another order has locked are skipped (SKIP LOCKED), so two orders at once never take the same
 * watch; fewer rows than asked means the stock is short.
 */
export async function reserveWatches(
  db: Database,
  tenantId: string | null,
  productId: string,
  quantity: number,
): Promise<ReservedWatch[]> {
  return db
    .select({
      id: devices.id,
      imei: devices.imei,
      name: devices.name,
      activationCodeEncrypted: devices.activationCodeEncrypted,
    })
    .from(devices)
    .where(and(watchForSale(tenantId), eq(devices.productId, productId)))
    .orderBy(asc(devices.createdAt), asc(devices.id))
    .limit(quantity)
    .for('update', { skipLocked: true });
}

/** Sends a reserved watch to the customer's organization; it leaves the stock's organization. */
export async function moveWatchToOrganization(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  organizationId: string,
  now: Date,
): Promise<void> {
  await db
    .update(devices)
    .set({ organizationId, readyForSale: false, updatedAt: now })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)));
}

/**
 * Takes `quantity` of an accessory from its count; false when fewer are left. The row lock makes
 * a parallel order wait and then see the lowered count.
 */
export async function takeAccessories(
  db: Database,
  tenantId: string | null,
  productId: string,
  quantity: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stockCount: sql`${products.stockCount} - ${quantity}`, updatedAt: now })
    .where(
      and(
        inTenant(products.tenantId, tenantId),
        eq(products.id, productId),
        eq(products.kind, 'accessory'),
        gte(products.stockCount, quantity),
      ),
    )
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The catalogue rows an order names, with the customer's own price where it has one. */
export async function findOrderedProducts(
  db: Database,
  tenantId: string | null,
  customerId: string,
  productIds: string[],
) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      kind: products.kind,
      currency: products.currency,
      listPriceMinor: products.listPriceMinor,
      customerPriceMinor: customerProductPrices.priceMinor,
      endOfLifeDate: products.endOfLifeDate,
    })
    .from(products)
    .leftJoin(
      customerProductPrices,
      and(eq(customerProductPrices.productId, products.id), eq(customerProductPrices.customerId, customerId)),
    )
    .where(and(inTenant(products.tenantId, tenantId), inArray(products.id, productIds)));
}
