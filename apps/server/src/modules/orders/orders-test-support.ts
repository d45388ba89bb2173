import { randomBytes } from 'node:crypto';
import { PHYSICAL_LOCATIONS } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { given } from '../../test/given';
import type { TestApp } from '../../test/build-test-app';
import { signInTenantCallers } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { createActivationCodeProtection, newActivationCodeColumns } from '../devices/activation-codes';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';

/** Test helpers of a tenant's stock: device families, accessories and watches for sale. */

/** Every permission the order tests' staff hold. */
export const ORDER_STAFF_PERMISSIONS = [
  'Homeward.Customers',
  'Homeward.Customers.Edit',
  'Homeward.Customers.ManagePrices',
  'Homeward.Accessories',
  'Homeward.Accessories.Create',
  'Homeward.Accessories.Edit',
];

const unique = () => randomBytes(4).toString('hex');

export async function givenDeviceFamily(db: Database, tenantId: string, listPriceMinor = 100_000) {
  const [row] = await db
    .insert(products)
    .values({
      tenantId,
      kind: 'deviceFamily',
      name: `Watch family ${unique()}`,
      listPriceMinor,
      currency: 'DKK',
      expectedReportingIntervalSeconds: 600,
    })
    .returning();
  return row!;
}

export async function givenAccessory(
  db: Database,
  tenantId: string,
  values: { count: number; endOfLifeDate?: string; listPriceMinor?: number },
) {
  const [row] = await db
    .insert(products)
    .values({
      tenantId,
      kind: 'accessory',
      name: `Charger ${unique()}`,
      listPriceMinor: values.listPriceMinor ?? 5_000,
      currency: 'DKK',
      stockCount: values.count,
      launchDate: '2020-01-01',
      endOfLifeDate: values.endOfLifeDate ?? null,
    })
    .returning();
  return row!;
}

export interface GivenWatchOptions {
  physicalLocation?: number;
  readyForSale?: boolean;
  /** False: registered before activation codes existed. */
  withCode?: boolean;
}

/** A watch of the family in the tenant's stock organization; In stock and ready for sale unless told. */
export async function givenStockWatch(
  t: TestApp,
  tenantId: string,
  productId: string,
  organizationId: string,
  options: GivenWatchOptions = {},
) {
  const imei = randomImei();
  const codes = createActivationCodeProtection(t.config.cprEncryptionKey);
  const { printed: _printed, ...columns } = newActivationCodeColumns(codes, imei);
  const [row] = await t.database.db
    .insert(devices)
    .values({
      tenantId,
      name: `Stock ${imei.slice(-4)}`,
      imei,
      productId,
      organizationId,
      physicalLocation: options.physicalLocation ?? PHYSICAL_LOCATIONS.inStock,
      readyForSale: options.readyForSale ?? true,
      ...(options.withCode === false ? {} : columns),
    })
    .returning();
  return row!;
}

/** An organization of the tenant that names the customer. */
export async function givenCustomerOrganization(db: Database, tenantId: string, customerId: string) {
  const code = String(10_000 + (randomBytes(3).readUIntBE(0, 3) % 90_000));
  const [row] = await db
    .insert(organizationUnits)
    .values({ tenantId, displayName: `Care home ${unique()}`, code, customerId })
    .returning({ id: organizationUnits.id });
  return row!;
}

export async function readWatch(db: Database, id: string) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row!;
}

/**
 * A customer with one organization, a device family with `stock` watches for sale in the stock
 * organization, and an accessory with `accessoryCount` in stock.
 */
export async function givenStockShop(
  t: TestApp,
  tenantId: string,
  stockOrganizationId: string,
  stock: number,
  accessoryCount = 10,
) {
  const db = t.database.db;
  const customer = await given(db).customer(tenantId);
  const organization = await givenCustomerOrganization(db, tenantId, customer.id);
  const family = await givenDeviceFamily(db, tenantId);
  const accessory = await givenAccessory(db, tenantId, { count: accessoryCount });
  const watches = [];
  for (let index = 0; index < stock; index += 1) {
    watches.push(await givenStockWatch(t, tenantId, family.id, stockOrganizationId));
  }
  return { customer, organization, family, accessory, watches };
}

/**
 * The order tests' tenant: a Warehouse stock organization, staff with the order permissions, a
 * viewer who may only read customers, and staff of another tenant. `givenShop` stocks the warehouse.
 */
export async function orderStaffTenant(t: TestApp) {
  const callers = await signInTenantCallers(t, {
    admin: ORDER_STAFF_PERMISSIONS,
    viewer: ['Homeward.Customers'],
  });
  const { tenantId } = callers;
  const stockOrganizationId = (await given(t.database.db).organization(tenantId, 'Warehouse')).id;
  return {
    tenantId,
    stockOrganizationId,
    staff: callers.admin,
    viewer: callers.viewer,
    stranger: callers.otherTenantAdmin,
    givenShop: (stock: number, accessoryCount = 10) =>
      givenStockShop(t, tenantId, stockOrganizationId, stock, accessoryCount),
  };
}

export type OrderStaffTenant = Awaited<ReturnType<typeof orderStaffTenant>>;
