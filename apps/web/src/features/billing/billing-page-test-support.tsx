import { screen, within } from '@testing-library/react';
import {
  EMPTY_BILLING_DETAILS,
  type BillingCard,
  type BillingDetails,
  type BillingInvoice,
  type ConnectedDevice,
  type WatchPlanPrice,
  type WatchSubscription,
} from '@homeward/contracts';
import { renderWithApp, type RecordedCall } from '../../components/crud/crud-test-harness';
import { BillingPage } from './billing-page';

/* Test-only: a household's billing as the API answers it, and the billing screen rendered for its owner. */

/** 15 June 2026 (UTC): the clock the card form checks expiry dates against. */
export const now = () => new Date(Date.UTC(2026, 5, 15, 12));

export const OWNER_PERMISSIONS = [
  'Homeward.Devices',
  'Homeward.Billing',
  'Homeward.Billing.ManageSubscription',
  'Homeward.Billing.ManageCards',
  'Homeward.Invoices',
];

export const FARS_UR = '50000000-0000-4000-8000-000000000001';
export const MORS_UR = '50000000-0000-4000-8000-000000000002';

export function watch(id: string, name: string): ConnectedDevice {
  return {
    id,
    name,
    imei: '860000000000001',
    status: 'online',
    battery: 80,
    lastSeenAt: null,
    citizenId: null,
    citizenName: null,
    connectedAt: '2026-05-01T10:00:00.000Z',
  };
}

export const PLANS: WatchPlanPrice[] = [
  { plan: 'monthly', amount: 9900, currency: 'dkk', commitmentMonths: 1 },
  { plan: 'annual', amount: 7900, currency: 'dkk', commitmentMonths: 12 },
];

export function subscription(patch: Partial<WatchSubscription> = {}): WatchSubscription {
  return {
    id: '60000000-0000-4000-8000-000000000001',
    deviceId: FARS_UR,
    deviceName: 'Fars ur',
    plan: 'monthly',
    status: 'active',
    pauseReason: null,
    currentPeriodStart: '2026-06-01T00:00:00.000Z',
    renewsAt: '2026-07-01T00:00:00.000Z',
    commitmentEndsAt: null,
    createdAt: '2026-06-01T00:00:00.000Z',
    ...patch,
  };
}

export function card(patch: Partial<BillingCard> = {}): BillingCard {
  return {
    id: 'pm_visa',
    brand: 'visa',
    last4: '4242',
    expMonth: 4,
    expYear: 2030,
    isDefault: true,
    ...patch,
  };
}

export function invoice(patch: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: 'in_1',
    number: 'HW-0001',
    status: 'paid',
    currency: 'dkk',
    subtotal: 7920,
    tax: 1980,
    total: 9900,
    periodStart: '2026-06-01T00:00:00.000Z',
    periodEnd: '2026-07-01T00:00:00.000Z',
    createdAt: '2026-06-01T00:00:00.000Z',
    paidAt: '2026-06-01T00:00:00.000Z',
    ...patch,
  };
}

/** What the household has; tests change it to what the server would answer after a write. */
export interface Household {
  watches: ConnectedDevice[];
  subscriptions: WatchSubscription[];
  cards: BillingCard[];
  details: BillingDetails;
  invoices: BillingInvoice[];
}

export function household(patch: Partial<Household> = {}): Household {
  return {
    watches: [watch(FARS_UR, 'Fars ur'), watch(MORS_UR, 'Mors ur')],
    subscriptions: [subscription()],
    cards: [card()],
    details: {
      ...EMPTY_BILLING_DETAILS,
      name: 'Dorthe Hansen',
      street: 'Strandvejen 1',
      city: 'Aarhus',
      zip: '8000',
      country: 'DK',
    },
    invoices: [invoice()],
    ...patch,
  };
}

/** Answers the screen's reads from `state`, read at each call (so writes can change it). */
export const billingReads =
  (state: Household) =>
  (call: RecordedCall): Response | undefined => {
    if (call.method !== 'GET') return undefined;
    switch (call.path) {
      case '/api/device-connection':
        return Response.json({ items: state.watches });
      case '/api/billing/subscriptions':
        return Response.json({ subscriptions: state.subscriptions, plans: PLANS });
      case '/api/billing/cards':
        return Response.json({ cards: state.cards });
      case '/api/billing/details':
        return Response.json({ details: state.details, hasCustomer: true });
      case '/api/billing/invoices':
        return Response.json({ invoices: state.invoices });
      default:
        return undefined;
    }
  };

/** A refusal as the billing API sends it: the processor's code in `details`. */
export function billingRefusal(status: number, details: string, message = 'Refused') {
  const code = status === 409 ? 'conflict' : 'bad_request';
  return Response.json({ error: { code, message, details } }, { status });
}

export function renderBilling({ permissions = OWNER_PERMISSIONS, language = 'en' } = {}) {
  return renderWithApp(<BillingPage now={now} />, { permissions, language, isPlugAndPlay: true });
}

/** The row of the watch named `name`, once the list is there. */
export async function findWatchRow(name: string): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId('watch-subscription');
  const row = rows.find((each) => within(each).queryByRole('heading', { name }));
  if (!row) throw new Error(`No subscription row for ${name}`);
  return row;
}

/** The text of the toast on screen. */
export async function toastText(): Promise<string> {
  return (await screen.findByTestId('notification')).textContent ?? '';
}

/** An element's text with Intl's no-break spaces (`DKK 99.00`) as plain ones. */
export const textOf = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
