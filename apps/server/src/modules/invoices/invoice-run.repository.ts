import { PHYSICAL_LOCATIONS } from '@homeward/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { customerProductPrices, customers } from '../customers/customers.schema';
import { deviceHistory } from '../device-administration/device-administration.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';
import { invoiceLines, invoiceNumberCounters, invoices, type NewInvoiceLine } from './invoices.schema';

/** The queries of the monthly run. Every one is limited to the run's tenant. */

/** The tenant's kind (`organization` or `household`); undefined when there is no such tenant. */
export async function findTenantKind(db: Database, tenantId: string) {
  const [row] = await db.select({ kind: tenants.kind }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.kind;
}

/** The tenant's customers with what an invoice needs of them. */
export async function findBillableCustomers(db: Database, tenantId: string) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      invoiceEmail: customers.invoiceEmail,
      taxZone: customers.taxZone,
      currency: customers.currency,
      discountBasisPoints: customers.discountBasisPoints,
    })
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(sql`lower(${customers.name})`, customers.id);
}

/** Customers that already have an invoice (not a credit note) for the month. */
export async function findInvoicedCustomerIds(db: Database, tenantId: string, month: string) {
  const rows = await db
    .select({ customerId: invoices.customerId })
    .from(invoices)
    .where(
      and(eq(invoices.tenantId, tenantId), eq(invoices.month, month), isNull(invoices.creditedInvoiceId)),
    );
  return new Set(rows.map((row) => row.customerId));
}

/**
 * The watches to bill for the month, with the customer that holds them and that customer's price
 * of their device family. A watch is active in the month when (README "Invoices"):
 * - it belongs to an organization whose customer is a customer of the tenant (the holder now: the
 *   run is made after the month, so this is the holder at its end, and a watch moved between
 *   customers within the month is billed to the one holding it at the end, for the whole month);
 * - it was registered before the month ended;
 * - it was not stopped (lost, returned, ...) before the month began;
 * - it was not written off before the month began (written off with no dated entry counts as before);
 * - no invoice of the month (credit notes aside) has billed it already, so a watch is billed once a
 *   month even when it moves to a customer invoiced by a later run.
 */
export async function findBillableDevices(
  db: Database,
  tenantId: string,
  period: { month: string; start: Date; end: Date },
) {
  const writtenOffInMonth = db
    .select({ one: sql`1` })
    .from(deviceHistory)
    .where(
      and(
        eq(deviceHistory.deviceId, devices.id),
        eq(deviceHistory.toLocation, PHYSICAL_LOCATIONS.writtenOff),
        sql`${deviceHistory.createdAt} >= ${period.start.toISOString()}::timestamptz`,
      ),
    );
  const billedAlready = db
    .select({ one: sql`1` })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.tenantId, tenantId),
        eq(invoiceLines.month, period.month),
        eq(invoiceLines.deviceId, devices.id),
        isNull(invoices.creditedInvoiceId),
      ),
    );
  return db
    .select({
      customerId: customers.id,
      deviceId: devices.id,
      deviceName: devices.name,
      productId: products.id,
      productName: products.name,
      currency: products.currency,
      listPriceMinor: products.listPriceMinor,
      customerPriceMinor: customerProductPrices.priceMinor,
    })
    .from(devices)
    .innerJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .innerJoin(customers, eq(customers.id, organizationUnits.customerId))
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(
      customerProductPrices,
      and(
        eq(customerProductPrices.customerId, customers.id),
        eq(customerProductPrices.productId, products.id),
      ),
    )
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(customers.tenantId, tenantId),
        sql`${devices.createdAt} < ${period.end.toISOString()}::timestamptz`,
        sql`(${devices.stoppedAt} is null or ${devices.stoppedAt} >= ${period.start.toISOString()}::timestamptz)`,
        sql`(${devices.physicalLocation} is distinct from ${PHYSICAL_LOCATIONS.writtenOff} or exists (${writtenOffInMonth}))`,
        sql`not exists (${billedAlready})`,
      ),
    )
    .orderBy(customers.id, sql`lower(${devices.name})`, devices.id);
}

/** The subscriptions and services each customer has a price agreed for (as the orders tab shows them). */
export async function findCustomerServices(db: Database, tenantId: string) {
  return db
    .select({
      customerId: customerProductPrices.customerId,
      productId: products.id,
      productName: products.name,
      kind: products.kind,
      currency: products.currency,
      listPriceMinor: products.listPriceMinor,
      customerPriceMinor: customerProductPrices.priceMinor,
    })
    .from(customerProductPrices)
    .innerJoin(products, eq(products.id, customerProductPrices.productId))
    .where(
      and(
        eq(customerProductPrices.tenantId, tenantId),
        eq(products.tenantId, tenantId),
        inArray(products.kind, ['subscription', 'service']),
      ),
    )
    .orderBy(customerProductPrices.customerId, products.kind, sql`lower(${products.name})`);
}

/**
 * Takes `count` invoice numbers for the tenant and returns the first. The counter row stays locked
 * until the transaction ends, so no other run of the tenant can take numbers in between, and a
 * rollback returns them.
 */
export async function takeInvoiceNumbers(db: Database, tenantId: string, count: number): Promise<number> {
  const [row] = await db
    .insert(invoiceNumberCounters)
    .values({ tenantId, lastNumber: count })
    .onConflictDoUpdate({
      target: invoiceNumberCounters.tenantId,
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + ${count}` },
    })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  return row!.lastNumber - count + 1;
}

/** Rows per INSERT: 13 columns each stays well below PostgreSQL's 65,535 bind values. */
const LINE_BATCH = 4000;

export async function insertInvoiceLines(db: Database, lines: NewInvoiceLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += LINE_BATCH) {
    await db.insert(invoiceLines).values(lines.slice(start, start + LINE_BATCH));
  }
}
