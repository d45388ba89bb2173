import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { BillingError } from './billing-error';
import type {
  BillingAddress,
  BillingCard,
  BillingCustomer,
  BillingPrice,
  CardBrand,
} from './billing-provider';
import {
  billingLocalCustomers,
  billingLocalPaymentMethods,
  billingLocalPrices,
  billingLocalProducts,
  billingLocalSubscriptions,
} from './billing-provider.schema';

/*
 * Queries of the local provider's store. Not tenant-scoped: the store is the processor's, keyed by
 * its ids (see billing-provider.schema.ts); callers run them on the server's own connection.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A processor-style id (`cus_` + 24 letters and digits) or secret part. */
export function newLocalId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${text}`;
}

/** Times are kept in whole seconds, as the processor keeps them. */
export const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

type CustomerRow = typeof billingLocalCustomers.$inferSelect;

/** Every address field present, unset ones null (the processor answers the whole address). */
export function addressOf(address: BillingAddress): BillingAddress {
  return {
    line1: address.line1 || null,
    line2: address.line2 || null,
    city: address.city || null,
    state: address.state || null,
    postalCode: address.postalCode || null,
    country: address.country || null,
  };
}

export function customerOf(row: CustomerRow): BillingCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
    vatNumber: row.vatNumber,
    address: row.address ? addressOf(row.address) : null,
    additionalInfo: row.additionalInfo,
    metadata: row.metadata,
    defaultPaymentMethodId: row.defaultPaymentMethodId,
  };
}

/** The customer (locked for the rest of the transaction with `lock`); `customer_not_found` when there is none. */
export async function findCustomer(
  db: Database,
  customerId: string,
  { lock = false } = {},
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(billingLocalCustomers)
    .where(and(eq(billingLocalCustomers.id, customerId), isNull(billingLocalCustomers.deletedAt)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new BillingError('customer_not_found', { param: 'customer' });
  return row;
}

export const lockCustomer = (db: Database, customerId: string) =>
  findCustomer(db, customerId, { lock: true });

type PaymentMethodRow = typeof billingLocalPaymentMethods.$inferSelect;

export function cardOf(row: PaymentMethodRow, defaultPaymentMethodId: string | null): BillingCard {
  return {
    id: row.id,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.id === defaultPaymentMethodId,
  };
}

async function selectCustomerCard(
  db: Database,
  customerId: string,
  paymentMethodId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(billingLocalPaymentMethods)
    .where(
      and(
        eq(billingLocalPaymentMethods.id, paymentMethodId),
        eq(billingLocalPaymentMethods.customerId, customerId),
      ),
    );
  return row;
}

/** A card saved on this customer; `resource_missing` for any other id (another customer's too). */
export async function findCustomerCard(
  db: Database,
  customerId: string,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const row = await selectCustomerCard(db, customerId, paymentMethodId);
  if (!row) throw new BillingError('resource_missing', { param: 'payment_method' });
  return row;
}

export function findCustomerCards(db: Database, customerId: string) {
  return db
    .select()
    .from(billingLocalPaymentMethods)
    .where(eq(billingLocalPaymentMethods.customerId, customerId))
    .orderBy(asc(billingLocalPaymentMethods.seq));
}

/** The customer's default card, or undefined when none is set. */
export async function findDefaultCard(
  db: Database,
  customer: CustomerRow,
): Promise<PaymentMethodRow | undefined> {
  if (!customer.defaultPaymentMethodId) return undefined;
  return selectCustomerCard(db, customer.id, customer.defaultPaymentMethodId);
}

const priceColumns = {
  id: billingLocalPrices.id,
  lookupKey: billingLocalPrices.lookupKey,
  productId: billingLocalPrices.productId,
  productName: billingLocalProducts.name,
  unitAmount: billingLocalPrices.unitAmount,
  currency: billingLocalPrices.currency,
  commitmentMonths: billingLocalPrices.commitmentMonths,
};

type PriceRow = { lookupKey: string | null } & Omit<BillingPrice, 'lookupKey' | 'interval'>;

const priceOf = (row: PriceRow): BillingPrice => ({
  ...row,
  lookupKey: row.lookupKey ?? '',
  interval: 'month',
});

/** Prices with their product's name, to be narrowed by a `where`. */
const selectPrices = (db: Database) =>
  db
    .select(priceColumns)
    .from(billingLocalPrices)
    .innerJoin(billingLocalProducts, eq(billingLocalProducts.id, billingLocalPrices.productId));

/** The active price holding a lookup key. */
export async function findPriceByLookupKey(
  db: Database,
  lookupKey: string,
): Promise<BillingPrice | undefined> {
  const [row] = await selectPrices(db).where(
    and(eq(billingLocalPrices.lookupKey, lookupKey), eq(billingLocalPrices.active, true)),
  );
  return row ? priceOf(row) : undefined;
}

/** A price by id, whether or not it still holds its lookup key (a subscription keeps its price). */
export async function findPriceById(db: Database, priceId: string): Promise<BillingPrice> {
  const [row] = await selectPrices(db).where(eq(billingLocalPrices.id, priceId));
  if (!row) throw new BillingError('resource_missing', { param: 'price' });
  return priceOf(row);
}

type SubscriptionRow = typeof billingLocalSubscriptions.$inferSelect;

export async function findSubscription(
  db: Database,
  subscriptionId: string,
  { lock = false } = {},
): Promise<SubscriptionRow> {
  const query = db
    .select()
    .from(billingLocalSubscriptions)
    .where(eq(billingLocalSubscriptions.id, subscriptionId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new BillingError('resource_missing', { param: 'subscription' });
  return row;
}

/** The subscription, locked: charges and changes of one subscription run one after another. */
export const lockSubscription = (db: Database, subscriptionId: string) =>
  findSubscription(db, subscriptionId, { lock: true });

export function findCustomerSubscriptions(db: Database, customerId: string) {
  return db
    .select()
    .from(billingLocalSubscriptions)
    .where(eq(billingLocalSubscriptions.customerId, customerId))
    .orderBy(desc(billingLocalSubscriptions.seq));
}

/** Clears the default card of every customer holding `paymentMethodId` as default (a removed card). */
export function clearDefaultCard(db: Database, customerId: string, paymentMethodId: string) {
  return db
    .update(billingLocalCustomers)
    .set({ defaultPaymentMethodId: null })
    .where(
      and(
        eq(billingLocalCustomers.id, customerId),
        eq(billingLocalCustomers.defaultPaymentMethodId, paymentMethodId),
      ),
    );
}

/** The next invoice number from the shared sequence (`HW-000042`). */
export async function nextInvoiceNumber(db: Database): Promise<string> {
  const [row] = await selectRows<{ n: string }>(
    db,
    sql`select nextval('billing_local_invoice_number_seq')::text as n`,
  );
  return `HW-${row!.n.padStart(6, '0')}`;
}
