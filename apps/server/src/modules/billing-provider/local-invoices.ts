import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { BillingError, type BillingFailure } from './billing-error';
import type { BillingCustomerDetails, BillingInvoice, BillingPrice } from './billing-provider';
import { billingLocalInvoices } from './billing-provider.schema';
import { hasExpired } from './card-rules';
import {
  customerOf,
  findDefaultCard,
  lockCustomer,
  newLocalId,
  nextInvoiceNumber,
} from './local-billing.repository';
import { emitLocalEvent, eventObjectOfInvoice } from './local-billing-events';

/*
 * The local provider's invoices: one per subscription period, made when the period is charged,
 * with the buyer's details as they were then. Prices include VAT; the VAT part is shown apart.
 */

export type InvoiceRow = typeof billingLocalInvoices.$inferSelect;

export function invoiceOf(row: InvoiceRow): BillingInvoice {
  return {
    id: row.id,
    number: row.number,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    status: row.status,
    currency: row.currency,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    attemptCount: row.attemptCount,
    lines: row.lines.map((line) => ({
      ...line,
      periodStart: new Date(line.periodStart),
      periodEnd: new Date(line.periodEnd),
    })),
  };
}

/** The VAT inside a VAT-inclusive amount, rounded to whole minor units. */
export function vatIncluded(total: number, ratePercent: number): number {
  return Math.round((total * ratePercent) / (100 + ratePercent));
}

export function planDescription(price: BillingPrice): string {
  return price.commitmentMonths >= 12
    ? `${price.productName}, annual plan (billed monthly, ${price.commitmentMonths}-month commitment)`
    : `${price.productName}, monthly plan`;
}

export interface NewPeriodInvoice {
  customerId: string;
  subscriptionId: string;
  price: BillingPrice;
  periodStart: Date;
  periodEnd: Date;
  /** `void` when collection is paused. */
  status: 'open' | 'void';
  vatRatePercent: number;
  now: Date;
}

/** Makes the period's invoice in the caller's transaction (the caller holds the subscription's lock). */
export async function createPeriodInvoice(db: Database, input: NewPeriodInvoice): Promise<InvoiceRow> {
  const customer = customerOf(await lockCustomer(db, input.customerId));
  const buyer: BillingCustomerDetails = {
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    companyName: customer.companyName,
    vatNumber: customer.vatNumber,
    address: customer.address,
    additionalInfo: customer.additionalInfo,
  };
  const total = input.price.unitAmount;
  const tax = vatIncluded(total, input.vatRatePercent);
  const [row] = await db
    .insert(billingLocalInvoices)
    .values({
      id: newLocalId('in'),
      number: await nextInvoiceNumber(db),
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      status: input.status,
      currency: input.price.currency,
      subtotal: total - tax,
      tax,
      taxRateBasisPoints: Math.round(input.vatRatePercent * 100),
      total,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      buyer,
      lines: [
        {
          description: planDescription(input.price),
          quantity: 1,
          amount: total,
          periodStart: input.periodStart.toISOString(),
          periodEnd: input.periodEnd.toISOString(),
        },
      ],
      createdAt: input.now,
    })
    .returning();
  await emitLocalEvent(db, 'invoice.created', eventObjectOfInvoice(invoiceOf(row!)), input.now);
  if (input.status === 'void') {
    await emitLocalEvent(db, 'invoice.voided', eventObjectOfInvoice(invoiceOf(row!)), input.now);
  }
  return row!;
}

/**
 * One payment attempt on an open invoice with the customer's default card: no default card is
 * `missing`, an expired card `expired_card`, a card whose test number fails every charge fails.
 * Records the attempt and its event; returns the failure, or undefined when the invoice was paid.
 */
export async function attemptInvoicePayment(
  db: Database,
  invoice: InvoiceRow,
  now: Date,
): Promise<{ row: InvoiceRow; failure?: BillingFailure }> {
  const customer = await lockCustomer(db, invoice.customerId);
  const card = await findDefaultCard(db, customer);
  let failure: BillingFailure | undefined;
  if (!card) failure = { code: 'missing', param: 'default_payment_method' };
  else if (hasExpired(card.expMonth, card.expYear, now)) {
    failure = { code: 'expired_card', declineCode: 'expired_card' };
  } else if (card.chargeFailure) failure = card.chargeFailure;
  const [row] = await db
    .update(billingLocalInvoices)
    .set(
      failure
        ? { attemptCount: invoice.attemptCount + 1, lastFailure: failure }
        : { attemptCount: invoice.attemptCount + 1, lastFailure: null, status: 'paid', paidAt: now },
    )
    .where(eq(billingLocalInvoices.id, invoice.id))
    .returning();
  const object = eventObjectOfInvoice(invoiceOf(row!), failure?.code);
  await emitLocalEvent(db, failure ? 'invoice.payment_failed' : 'invoice.paid', object, now);
  return failure ? { row: row!, failure } : { row: row! };
}

export async function findPeriodInvoice(db: Database, subscriptionId: string, periodStart: Date) {
  const [row] = await db
    .select()
    .from(billingLocalInvoices)
    .where(
      and(
        eq(billingLocalInvoices.subscriptionId, subscriptionId),
        eq(billingLocalInvoices.periodStart, periodStart),
      ),
    );
  return row;
}

export async function findInvoiceById(db: Database, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(billingLocalInvoices).where(eq(billingLocalInvoices.id, invoiceId));
  if (!row) throw new BillingError('resource_missing', { param: 'invoice' });
  return row;
}

/** One of the customer's invoices; another customer's id is `resource_missing` as an unknown one. */
export async function findCustomerInvoice(db: Database, customerId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(billingLocalInvoices)
    .where(and(eq(billingLocalInvoices.id, invoiceId), eq(billingLocalInvoices.customerId, customerId)));
  if (!row) throw new BillingError('resource_missing', { param: 'invoice' });
  return row;
}

export function findCustomerInvoices(db: Database, customerId: string) {
  return db
    .select()
    .from(billingLocalInvoices)
    .where(eq(billingLocalInvoices.customerId, customerId))
    .orderBy(desc(billingLocalInvoices.createdAt), desc(billingLocalInvoices.number));
}
