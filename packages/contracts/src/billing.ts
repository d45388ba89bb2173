import { z } from 'zod';

/**
 * Billing of a household (issue 18; spec §1, §4, §5, §7, §8): its billing details, its cards, one
 * subscription per connected watch (monthly or annual, both billed once a month) and its invoices.
 * The household's owner (Plug and Play Admin) manages it; members see none of it (the card, the
 * address and the invoices are the payer's).
 */

/** Keys of the feature's own messages, in the `billingAccount` namespace. */
export const BILLING_MESSAGE_KEYS = {
  notAHousehold: 'billingAccount:errors.notAHousehold',
  vatNumber: 'billingAccount:errors.vatNumber',
  country: 'billingAccount:errors.country',
  zip: 'billingAccount:errors.zip',
  watchNotInHousehold: 'billingAccount:errors.watchNotInHousehold',
  alreadySubscribed: 'billingAccount:errors.alreadySubscribed',
  annualCommitment: 'billingAccount:errors.annualCommitment',
  samePlan: 'billingAccount:errors.samePlan',
  notPaused: 'billingAccount:errors.notPaused',
  alreadyPaused: 'billingAccount:errors.alreadyPaused',
  /** The web's message table has this text (`billing:errors.noDefaultCard`). */
  defaultCardRequired: 'billing:errors.noDefaultCard',
} as const;

/**
 * `error.details` of a refused billing request: the processor's code (`card_declined`, ...), or
 * `default_card_required` (our rule: inviting a member, subscribing), optionally followed by
 * `:` and the issuer's decline code. The web app's billing message table reads it.
 */
export const DEFAULT_CARD_REQUIRED = 'default_card_required';

export interface BillingFailureDetails {
  code: string;
  declineCode?: string;
}

export function billingFailureDetails(failure: BillingFailureDetails): string {
  return failure.declineCode ? `${failure.code}:${failure.declineCode}` : failure.code;
}

export function parseBillingFailureDetails(details: string | undefined): BillingFailureDetails | undefined {
  if (!details || !/^[a-z_]+(:[a-z_]+)?$/.test(details)) return undefined;
  const [code, declineCode] = details.split(':');
  return { code: code!, ...(declineCode ? { declineCode } : {}) };
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The spec's billing details, as the owner edits them (pushed to the processor's customer). */
export const zBillingDetailsRequest = z.object({
  name: z.string().trim().min(1).max(200),
  /** The address line before the street (c/o, building, floor). */
  address: optionalText(200),
  companyName: optionalText(200),
  /** EU VAT number or Danish CVR: an optional country prefix, then 2 to 12 letters or digits. */
  vatNumber: z
    .string()
    .trim()
    .max(20)
    .refine(
      (value) => value === '' || /^([A-Za-z]{2})?[0-9A-Za-z]{2,12}$/.test(value),
      BILLING_MESSAGE_KEYS.vatNumber,
    )
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  street: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  county: optionalText(100),
  /** ISO 3166-1 alpha-2 (`DK`). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, BILLING_MESSAGE_KEYS.country)
    .transform((value) => value.toUpperCase()),
  zip: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .regex(/^[0-9A-Za-z][0-9A-Za-z -]*$/, BILLING_MESSAGE_KEYS.zip),
  additionalInfo: optionalText(1000),
});
export type BillingDetailsRequest = z.input<typeof zBillingDetailsRequest>;

export const zBillingDetails = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  country: z.string().nullable(),
  zip: z.string().nullable(),
  additionalInfo: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof zBillingDetails>;

/** A household's billing details before its owner saves any: every field null. */
export const EMPTY_BILLING_DETAILS: Readonly<BillingDetails> = Object.freeze({
  name: null,
  address: null,
  companyName: null,
  vatNumber: null,
  street: null,
  city: null,
  county: null,
  country: null,
  zip: null,
  additionalInfo: null,
});

/** `GET /api/billing/details`: the details, all null before the owner saves any. */
export const zBillingDetailsResponse = z.object({
  details: zBillingDetails,
  /** False until the household's processor customer exists (made on first use). */
  hasCustomer: z.boolean(),
});
export type BillingDetailsResponse = z.infer<typeof zBillingDetailsResponse>;

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;

export const zBillingCard = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type BillingCard = z.infer<typeof zBillingCard>;

export const zBillingCardsResponse = z.object({ cards: z.array(zBillingCard) });
export type BillingCardsResponse = z.infer<typeof zBillingCardsResponse>;

/** `POST /api/billing/cards/setup`: what the card form confirms the card with. */
export const zCardSetupResponse = z.object({
  setupId: z.string(),
  clientSecret: z.string(),
  /** `stripe`: load Stripe's card element with `publishableKey`; `local`: the local card form. */
  provider: z.enum(['local', 'stripe']),
  stripeConfigured: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type CardSetupResponse = z.infer<typeof zCardSetupResponse>;

/** `POST /api/billing/cards`: save the card the form confirmed. */
export const zAddCardRequest = z.object({
  paymentMethodId: z.string().trim().min(1).max(255),
  makeDefault: z.boolean().optional(),
});
export type AddCardRequest = z.input<typeof zAddCardRequest>;

export const zCardIdParams = z.object({ id: z.string().min(1).max(255) });

/**
 * `POST /api/billing/local/card-setups/confirm`: the embedded local provider's stand-in for the
 * processor's card element (Stripe.js `confirmCardSetup`), offered only when no Stripe key is
 * configured. The typed card goes to the local provider, which keeps brand, last four and expiry;
 * with Stripe, card data goes from the browser to Stripe and never reaches this server.
 */
export const zLocalCardConfirmRequest = z.object({
  clientSecret: z.string().min(1).max(255),
  number: z.string().max(32),
  expMonth: z.string().max(2),
  expYear: z.string().max(4),
  cvc: z.string().max(4),
  postalCode: z.string().max(16).optional(),
});
export type LocalCardConfirmRequest = z.infer<typeof zLocalCardConfirmRequest>;

export const zLocalCardConfirmResponse = z.object({ paymentMethodId: z.string() });
export type LocalCardConfirmResponse = z.infer<typeof zLocalCardConfirmResponse>;

export const WATCH_PLANS = ['monthly', 'annual'] as const;
export type WatchPlan = (typeof WATCH_PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'paused', 'canceled'] as const;

/** A plan's price per month, including VAT, in minor units. */
export const zWatchPlanPrice = z.object({
  plan: z.enum(WATCH_PLANS),
  amount: z.number().int(),
  currency: z.string(),
  /** 1 for monthly; 12 for annual (billed monthly, committed for 12 months). */
  commitmentMonths: z.number().int(),
});
export type WatchPlanPrice = z.infer<typeof zWatchPlanPrice>;

export const zWatchSubscription = z.object({
  id: z.string(),
  deviceId: z.string(),
  /** Null once the watch has left the household. */
  deviceName: z.string().nullable(),
  plan: z.enum(WATCH_PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** `owner` paused it, or `payment_failed` after the last retry of a declined charge. */
  pauseReason: z.enum(['owner', 'payment_failed', 'device_stopped']).nullable(),
  currentPeriodStart: z.string().nullable(),
  /** The renewal date: the next monthly charge. */
  renewsAt: z.string().nullable(),
  /** Annual: the end of the 12 months committed to; before it the plan cannot go back to monthly. */
  commitmentEndsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WatchSubscription = z.infer<typeof zWatchSubscription>;

/** `GET /api/billing/subscriptions`: the household's subscriptions (cancelled ones included) and plans. */
export const zWatchSubscriptionsResponse = z.object({
  subscriptions: z.array(zWatchSubscription),
  plans: z.array(zWatchPlanPrice),
});
export type WatchSubscriptionsResponse = z.infer<typeof zWatchSubscriptionsResponse>;

export const zSubscribeRequest = z.object({ deviceId: z.uuid(), plan: z.enum(WATCH_PLANS) });
export type SubscribeRequest = z.infer<typeof zSubscribeRequest>;

export const zChangePlanRequest = z.object({ plan: z.enum(WATCH_PLANS) });
export type ChangePlanRequest = z.infer<typeof zChangePlanRequest>;

export const zBillingInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  currency: z.string(),
  /** Excluding VAT, minor units. */
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof zBillingInvoice>;

export const zBillingInvoicesResponse = z.object({ invoices: z.array(zBillingInvoice) });
export type BillingInvoicesResponse = z.infer<typeof zBillingInvoicesResponse>;
