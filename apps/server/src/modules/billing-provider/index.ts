/**
 * The public entry of modules/billing-provider: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { addMonths, periodIndexOf } from './billing-clock';
export { isBillingError } from './billing-error';
export { ANNUAL_COMMITMENT_MONTHS, PLAN_LOOKUP_KEYS } from './billing-provider';
export type {
  BillingCustomerDetails,
  BillingEvent,
  BillingInvoice,
  BillingPrice,
  BillingProvider,
  BillingSubscription,
  ChargeResult,
} from './billing-provider';
export type { BillingEventHandler } from './billing-webhook.service';
export { createBillingProvider } from './create-billing-provider';
export { LocalBillingProvider } from './local-billing-provider';
export { renderInvoicePdf } from './local-invoice-pdf';
export type { InvoiceRow } from './local-invoices';
