import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { TestApp } from '../../test/build-test-app';
import { signInTenantCallers } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { customerProductPrices, customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { givenCustomerOrganization } from '../orders/orders-test-support';
import { products } from '../products/products.schema';
import { invoiceNumberCounters } from './invoices.schema';

/** Test helpers of invoicing: customers with prices, their watches and the invoicing staff. */

export const INVOICE_STAFF_PERMISSIONS = [
  'Homeward.Invoices',
  'Homeward.Invoices.Create',
  'Homeward.Invoices.Edit',
  'Homeward.Invoices.Send',
  'Homeward.Invoices.MarkPaid',
  'Homeward.Invoices.Export',
];

const unique = () => randomBytes(4).toString('hex');

/** A past month every test invoices, and a time well before it when the watches were registered. */
export const TEST_MONTH = '2025-06';
export const BEFORE_TEST_MONTH = new Date('2025-01-15T10:00:00Z');

export async function invoiceStaffTenant(t: TestApp) {
  const callers = await signInTenantCallers(t, {
    admin: INVOICE_STAFF_PERMISSIONS,
    viewer: ['Homeward.Invoices'],
  });
  return { ...callers, staff: callers.admin, stranger: callers.otherTenantAdmin };
}

export interface GivenBillingCustomer {
  discountBasisPoints?: number;
  taxZone?: 'domestic' | 'eu' | 'nonEu';
  currency?: 'DKK' | 'EUR' | 'SEK' | 'NOK';
  invoiceEmail?: string;
}

/** A customer with one organization its watches belong to. */
export async function givenBillingCustomer(
  db: Database,
  tenantId: string,
  values: GivenBillingCustomer = {},
) {
  const [customer] = await db
    .insert(customers)
    .values({
      tenantId,
      name: `Municipality ${unique()}`,
      discountBasisPoints: values.discountBasisPoints ?? 0,
      taxZone: values.taxZone ?? 'domestic',
      currency: values.currency ?? 'DKK',
      invoiceEmail: values.invoiceEmail ?? '',
    })
    .returning();
  const organization = await givenCustomerOrganization(db, tenantId, customer!.id);
  return { ...customer!, organizationId: organization.id };
}

export async function givenProduct(
  db: Database,
  tenantId: string,
  kind: 'deviceFamily' | 'subscription' | 'service',
  listPriceMinor: number,
  currency = 'DKK',
) {
  const [row] = await db
    .insert(products)
    .values({ tenantId, kind, name: `${kind} ${unique()}`, listPriceMinor, currency })
    .returning();
  return row!;
}

/** The customer's own price of a product (what the Pricing tab sets). */
export async function givenCustomerPrice(
  db: Database,
  tenantId: string,
  customerId: string,
  productId: string,
  priceMinor: number,
) {
  await db.insert(customerProductPrices).values({ tenantId, customerId, productId, priceMinor });
}

/** A watch of the family in the organization, registered before the test month unless told. */
export async function givenWatch(
  db: Database,
  tenantId: string,
  organizationId: string,
  productId: string | null,
  values: { name?: string; createdAt?: Date; stoppedAt?: Date } = {},
) {
  const imei = randomImei();
  const [row] = await db
    .insert(devices)
    .values({
      tenantId,
      name: values.name ?? `Watch ${imei.slice(-5)}`,
      imei,
      productId,
      organizationId,
      createdAt: values.createdAt ?? BEFORE_TEST_MONTH,
      ...(values.stoppedAt ? { stoppedAt: values.stoppedAt, stoppedAs: 'lost' as const } : {}),
    })
    .returning();
  return row!;
}

export async function lastInvoiceNumber(db: Database, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ lastNumber: invoiceNumberCounters.lastNumber })
    .from(invoiceNumberCounters)
    .where(eq(invoiceNumberCounters.tenantId, tenantId));
  return row?.lastNumber ?? 0;
}
