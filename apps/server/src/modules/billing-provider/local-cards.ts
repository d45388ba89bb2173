import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { BillingError } from './billing-error';
import type { BillingCard, BillingCustomer, CardSetup } from './billing-provider';
import { billingLocalPaymentMethods, billingLocalSetupIntents } from './billing-provider.schema';
import { checkTestCard, fullYear, validateCardForApi, type CardFields } from './card-rules';
import {
  cardOf,
  clearDefaultCard,
  findCustomerCard,
  lockCustomer,
  newLocalId,
} from './local-billing.repository';
import { emitLocalEvent, eventObjectOfCard } from './local-billing-events';
import { changeCustomer } from './local-customers';

/*
 * Cards of the local provider, each in the caller's transaction: a card setup the card form
 * confirms (a SetupIntent), then the saved card (brand, last four, expiry) and the default.
 */

export async function createCardSetup(db: Database, customerId: string, now: Date): Promise<CardSetup> {
  await lockCustomer(db, customerId);
  const id = newLocalId('seti');
  const clientSecret = `${id}_secret_${newLocalId('s').slice(2)}`;
  await db
    .insert(billingLocalSetupIntents)
    .values({ id, clientSecret, customerId, status: 'requires_payment_method', createdAt: now });
  return { id, clientSecret };
}

/**
 * The card form's confirmation of a card setup (what the processor's card element does in the
 * browser): checks the details as the processor's API does, then the test card's outcome, and
 * saves brand, last four and expiry on the setup's customer. Returns the new payment method id.
 */
export async function confirmCardSetup(
  db: Database,
  clientSecret: string,
  fields: CardFields,
  now: Date,
): Promise<string> {
  const [setup] = await db
    .select()
    .from(billingLocalSetupIntents)
    .where(eq(billingLocalSetupIntents.clientSecret, clientSecret))
    .for('update');
  if (!setup) throw new BillingError('resource_missing', { param: 'client_secret' });
  if (setup.status === 'succeeded') throw new BillingError('resource_missing', { param: 'setup_intent' });
  const { digits, brand } = validateCardForApi(fields, now);
  const { chargeFailure } = checkTestCard(digits, brand);
  const id = newLocalId('pm');
  await db.insert(billingLocalPaymentMethods).values({
    id,
    customerId: setup.customerId,
    brand,
    last4: digits.slice(-4),
    expMonth: Number(fields.expMonth),
    expYear: fullYear(fields.expYear.trim()),
    chargeFailure: chargeFailure ?? null,
    createdAt: now,
  });
  await db
    .update(billingLocalSetupIntents)
    .set({ status: 'succeeded', paymentMethodId: id })
    .where(eq(billingLocalSetupIntents.id, setup.id));
  const card = cardOf(await findCustomerCard(db, setup.customerId, id), null);
  await emitLocalEvent(db, 'payment_method.attached', eventObjectOfCard(card, setup.customerId), now);
  return id;
}

const setDefault = (db: Database, customerId: string, paymentMethodId: string, now: Date) =>
  changeCustomer(db, customerId, { defaultPaymentMethodId: paymentMethodId }, now);

/** A card confirmed for this customer, optionally made the default. */
export async function addCard(
  db: Database,
  customerId: string,
  paymentMethodId: string,
  makeDefault: boolean,
  now: Date,
): Promise<BillingCard> {
  const customer = await lockCustomer(db, customerId);
  const row = await findCustomerCard(db, customerId, paymentMethodId);
  if (makeDefault && customer.defaultPaymentMethodId !== row.id) {
    await setDefault(db, customerId, row.id, now);
    return cardOf(row, row.id);
  }
  return cardOf(row, customer.defaultPaymentMethodId);
}

/** Detaches the card; when it was the default, the customer is left without one. */
export async function removeCard(db: Database, customerId: string, paymentMethodId: string, now: Date) {
  await lockCustomer(db, customerId);
  const row = await findCustomerCard(db, customerId, paymentMethodId);
  await clearDefaultCard(db, customerId, paymentMethodId);
  await db
    .update(billingLocalPaymentMethods)
    .set({ customerId: null })
    .where(
      and(eq(billingLocalPaymentMethods.id, row.id), eq(billingLocalPaymentMethods.customerId, customerId)),
    );
  await emitLocalEvent(db, 'payment_method.detached', eventObjectOfCard(cardOf(row, null), null), now);
}

export async function setDefaultCard(
  db: Database,
  customerId: string,
  paymentMethodId: string,
  now: Date,
): Promise<BillingCustomer> {
  await lockCustomer(db, customerId);
  await findCustomerCard(db, customerId, paymentMethodId);
  return setDefault(db, customerId, paymentMethodId, now);
}
