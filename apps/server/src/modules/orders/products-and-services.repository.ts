import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { customerProductPrices } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { customerOrderLines, customerOrders } from './orders.schema';

/** The customer's watches, in the organizations that name it as their customer, by device family. */
export async function findCustomerWatchesByProduct(
  db: Database,
  tenantId: string | null,
  customerId: string,
) {
  return db
    .select({ productId: devices.productId, productName: products.name, count: count(devices.id) })
    .from(devices)
    .innerJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(organizationUnits.customerId, customerId)))
    .groupBy(devices.productId, products.name)
    .orderBy(sql`lower(${products.name}) nulls last`);
}

/** Accessories ordered for the customer, summed per product (the name of its latest line). */
export async function findCustomerAccessories(db: Database, tenantId: string | null, customerId: string) {
  return db
    .select({
      productId: customerOrderLines.productId,
      productName: sql<string>`(array_agg(${customerOrderLines.productName} order by ${customerOrders.createdAt} desc))[1]`,
      quantity: sql<number>`sum(${customerOrderLines.quantity})::int`,
    })
    .from(customerOrderLines)
    .innerJoin(customerOrders, eq(customerOrders.id, customerOrderLines.orderId))
    .where(
      and(
        inTenant(customerOrderLines.tenantId, tenantId),
        eq(customerOrders.customerId, customerId),
        eq(customerOrderLines.kind, 'accessory'),
      ),
    )
    .groupBy(customerOrderLines.productId)
    .orderBy(sql`2`);
}

/** Services and subscriptions the customer has a price agreed for. */
export async function findCustomerServices(db: Database, tenantId: string | null, customerId: string) {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      kind: products.kind,
      currency: products.currency,
      priceMinor: customerProductPrices.priceMinor,
    })
    .from(customerProductPrices)
    .innerJoin(products, eq(products.id, customerProductPrices.productId))
    .where(
      and(
        inTenant(customerProductPrices.tenantId, tenantId),
        eq(customerProductPrices.customerId, customerId),
        inArray(products.kind, ['service', 'subscription']),
      ),
    )
    .orderBy(products.kind, sql`lower(${products.name})`);
}
