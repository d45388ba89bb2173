import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { BillingCustomer, BillingCustomerDetails } from './billing-provider';
import { billingLocalCustomers, billingLocalPaymentMethods } from './billing-provider.schema';
import {
  customerOf,
  findCustomer,
  findCustomerSubscriptions,
  lockCustomer,
  newLocalId,
} from './local-billing.repository';
import { emitLocalEvent, eventObjectOfCustomer } from './local-billing-events';
import { updateSubscription } from './local-subscriptions';

/* Customers of the local provider, each in the caller's transaction. */

/** Customer fields as columns; `undefined` leaves a column as it is, `null` clears it. */
function customerColumns(details: BillingCustomerDetails) {
  return {
    name: details.name,
    email: details.email,
    phone: details.phone,
    companyName: details.companyName,
    vatNumber: details.vatNumber,
    address: details.address,
    additionalInfo: details.additionalInfo,
  };
}

export async function createCustomer(
  db: Database,
  details: BillingCustomerDetails,
  now: Date,
): Promise<BillingCustomer> {
  const [row] = await db
    .insert(billingLocalCustomers)
    .values({
      ...customerColumns(details),
      metadata: details.metadata ?? {},
      id: newLocalId('cus'),
      createdAt: now,
    })
    .returning();
  const customer = customerOf(row!);
  await emitLocalEvent(db, 'customer.created', eventObjectOfCustomer(customer), now);
  return customer;
}

/** Changes the given fields; metadata keys are merged, as the processor merges them. */
export async function updateCustomer(
  db: Database,
  customerId: string,
  details: BillingCustomerDetails,
  now: Date,
): Promise<BillingCustomer> {
  const current = await lockCustomer(db, customerId);
  const metadata = details.metadata ? { ...current.metadata, ...details.metadata } : undefined;
  return changeCustomer(db, customerId, { ...customerColumns(details), metadata }, now);
}

/** Writes the columns of a locked customer and tells of it (`customer.updated`). */
export async function changeCustomer(
  db: Database,
  customerId: string,
  columns: Partial<typeof billingLocalCustomers.$inferInsert>,
  now: Date,
): Promise<BillingCustomer> {
  const [row] = await db
    .update(billingLocalCustomers)
    .set(columns)
    .where(eq(billingLocalCustomers.id, customerId))
    .returning();
  const customer = customerOf(row!);
  await emitLocalEvent(db, 'customer.updated', eventObjectOfCustomer(customer), now);
  return customer;
}

/**
 * Deletes the customer as the processor does: active subscriptions are cancelled (each locked
 * first, in the order charges lock), cards detached, personal details erased, and the id is
 * `customer_not_found` from then on. Invoices keep the buyer's details as printed (bookkeeping).
 */
export async function deleteCustomer(db: Database, customerId: string, now: Date): Promise<void> {
  await findCustomer(db, customerId);
  for (const subscription of await findCustomerSubscriptions(db, customerId)) {
    if (subscription.status !== 'active') continue;
    await updateSubscription(
      db,
      subscription.id,
      now,
      async () => ({ status: 'canceled' as const, canceledAt: now }),
      'customer.subscription.deleted',
    );
  }
  await lockCustomer(db, customerId);
  await db
    .update(billingLocalPaymentMethods)
    .set({ customerId: null })
    .where(eq(billingLocalPaymentMethods.customerId, customerId));
  await db
    .update(billingLocalCustomers)
    .set({
      name: null,
      email: null,
      phone: null,
      companyName: null,
      vatNumber: null,
      address: null,
      additionalInfo: null,
      metadata: {},
      defaultPaymentMethodId: null,
      deletedAt: now,
    })
    .where(eq(billingLocalCustomers.id, customerId));
  await emitLocalEvent(db, 'customer.deleted', { id: customerId, object: 'customer', deleted: true }, now);
}
