import type Stripe from 'stripe';
import { knownCardBrand } from '@homeward/contracts';
import type {
  BillingCard,
  BillingCustomer,
  BillingCustomerDetails,
  BillingInvoice,
  BillingInvoiceStatus,
  BillingPrice,
} from './billing-provider';

/*
 * Stripe's objects in our terms, and our customer details in Stripe's. The spec's billing details
 * Stripe has no field for (VAT number, additional info) are kept in the customer's metadata under
 * `homeward_*` keys; the VAT number is also an invoice custom field, so Stripe's PDF shows it.
 */

const VAT_KEY = 'homeward_vat_number';
const INFO_KEY = 'homeward_additional_info';
/** The price's commitment (1 or 12 months): Stripe has no field for it. */
export const COMMITMENT_KEY = 'homeward_commitment_months';

const fromSeconds = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** `''` clears a Stripe field; undefined leaves it. */
const emptyable = (value: string | null | undefined) => (value === null ? '' : value);

export function stripeCustomerParams(details: BillingCustomerDetails): Stripe.CustomerUpdateParams {
  const address = details.address;
  const metadata: Record<string, string> = { ...details.metadata };
  if (details.vatNumber !== undefined) metadata[VAT_KEY] = details.vatNumber ?? '';
  if (details.additionalInfo !== undefined) metadata[INFO_KEY] = details.additionalInfo ?? '';
  return {
    ...(details.name !== undefined ? { name: emptyable(details.name) } : {}),
    ...(details.email !== undefined ? { email: emptyable(details.email) } : {}),
    ...(details.phone !== undefined ? { phone: emptyable(details.phone) } : {}),
    ...(details.companyName !== undefined ? { business_name: emptyable(details.companyName) } : {}),
    ...(address !== undefined
      ? {
          address: address
            ? {
                line1: address.line1 ?? '',
                line2: address.line2 ?? '',
                city: address.city ?? '',
                state: address.state ?? '',
                postal_code: address.postalCode ?? '',
                country: address.country ?? '',
              }
            : '',
        }
      : {}),
    ...(details.vatNumber !== undefined
      ? {
          invoice_settings: {
            custom_fields: details.vatNumber ? [{ name: 'VAT', value: details.vatNumber }] : '',
          },
        }
      : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

export function customerOfStripe(customer: Stripe.Customer): BillingCustomer {
  const { [VAT_KEY]: vatNumber, [INFO_KEY]: additionalInfo, ...metadata } = customer.metadata ?? {};
  const address = customer.address;
  return {
    id: customer.id,
    // Stripe keeps a cleared field as '' or null; both read as "not set".
    name: customer.name || null,
    email: customer.email || null,
    phone: customer.phone || null,
    companyName: customer.business_name || null,
    vatNumber: vatNumber || null,
    additionalInfo: additionalInfo || null,
    address: address
      ? {
          line1: address.line1 || null,
          line2: address.line2 || null,
          city: address.city || null,
          state: address.state || null,
          postalCode: address.postal_code || null,
          country: address.country || null,
        }
      : null,
    metadata,
    defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method),
  };
}

export function cardOfStripe(method: Stripe.PaymentMethod, defaultId: string | null): BillingCard {
  const card = method.card;
  return {
    id: method.id,
    brand: knownCardBrand(card?.brand),
    last4: card?.last4 ?? '',
    expMonth: card?.exp_month ?? 0,
    expYear: card?.exp_year ?? 0,
    isDefault: method.id === defaultId,
  };
}

export function priceOfStripe(price: Stripe.Price, productName: string): BillingPrice {
  return {
    id: price.id,
    lookupKey: price.lookup_key ?? '',
    productId: idOf(price.product as string | { id: string }) ?? '',
    productName,
    unitAmount: price.unit_amount ?? 0,
    currency: price.currency,
    interval: 'month',
    commitmentMonths: Number(price.metadata?.[COMMITMENT_KEY] ?? '1') || 1,
  };
}

/** The subscription an invoice bills (the current API keeps it under `parent`). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

export function invoiceOfStripe(invoice: Stripe.Invoice): BillingInvoice {
  const lines = invoice.lines?.data ?? [];
  const first = lines[0];
  const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0);
  return {
    id: invoice.id,
    number: invoice.number,
    customerId: idOf(invoice.customer as string | { id: string } | null) ?? '',
    subscriptionId: subscriptionIdOfInvoice(invoice),
    status: (invoice.status ?? 'draft') as BillingInvoiceStatus,
    currency: invoice.currency,
    subtotal: invoice.total_excluding_tax ?? invoice.total - tax,
    tax,
    total: invoice.total,
    // A subscription invoice's own period_* is the period before it; its lines carry the billed one.
    periodStart: fromSeconds(first?.period.start ?? invoice.period_start),
    periodEnd: fromSeconds(first?.period.end ?? invoice.period_end),
    createdAt: fromSeconds(invoice.created),
    paidAt: invoice.status_transitions?.paid_at ? fromSeconds(invoice.status_transitions.paid_at) : null,
    attemptCount: invoice.attempt_count,
    lines: lines.map((line) => ({
      description: line.description ?? '',
      quantity: line.quantity ?? 1,
      amount: line.amount,
      periodStart: fromSeconds(line.period.start),
      periodEnd: fromSeconds(line.period.end),
    })),
  };
}
