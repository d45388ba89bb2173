import type { IsolationCase, IsolationCaller } from '../../test/tenant-isolation/isolation-case';
import type { TestApp } from '../../test/build-test-app';
import { addTestCard, connectedWatch, subscribeWatch, type BillingRequest } from './billing-test-support';

/*
 * A household's billing (issue 18): cards, subscriptions and invoices. Households only (an
 * organization's tenant is refused billing with 403), so these run in the household suites
 * (integration/tenancy/household-isolation.test.ts).
 */

const PERMISSIONS = [
  'Homeward.Billing',
  'Homeward.Billing.ManageCards',
  'Homeward.Billing.ManageSubscription',
  'Homeward.Invoices',
];

const requestOf =
  (caller: IsolationCaller): BillingRequest =>
  (request) =>
    caller.request(request);

async function subscribed(t: TestApp, a: IsolationCaller) {
  await addTestCard(requestOf(a));
  return subscribeWatch(requestOf(a), await connectedWatch(t, a.tenantId));
}

export const billingCardsIsolationCase: IsolationCase = {
  name: 'billing cards',
  tables: ['billing_accounts'],
  permissions: PERMISSIONS,
  async seed({ a }) {
    const id = await addTestCard(requestOf(a));
    return { id, searchText: id };
  },
  list: '/api/billing/cards',
  update: (row) => ({ method: 'PUT', url: `/api/billing/cards/${row.id}/default` }),
  remove: (id) => ({ method: 'DELETE', url: `/api/billing/cards/${id}` }),
};

export const billingSubscriptionsIsolationCase: IsolationCase = {
  name: 'billing subscriptions',
  tables: ['billing_accounts', 'billing_subscriptions', 'billing_charges'],
  permissions: PERMISSIONS,
  async seed({ t, a }) {
    const id = await subscribed(t, a);
    return { id, searchText: id };
  },
  list: '/api/billing/subscriptions',
  update: (row) => ({ method: 'POST', url: `/api/billing/subscriptions/${row.id}/pause` }),
  remove: (id) => ({
    method: 'PUT',
    url: `/api/billing/subscriptions/${id}/plan`,
    payload: { plan: 'annual' },
  }),
};

export const billingInvoicesIsolationCase: IsolationCase = {
  name: 'billing invoices',
  tables: ['billing_accounts', 'billing_subscriptions', 'billing_charges'],
  permissions: PERMISSIONS,
  async seed({ t, a }) {
    await subscribed(t, a);
    const listed = await a.request({ method: 'GET', url: '/api/billing/invoices' });
    const [invoice] = listed.json<{ invoices: { id: string }[] }>().invoices;
    if (!invoice) throw new Error(`seed: no invoice: ${listed.body}`);
    return { id: invoice.id, searchText: invoice.id };
  },
  list: '/api/billing/invoices',
  // The PDF is the read (its bytes do not carry the id, so it is not the suite's `read`).
  update: (row) => ({ method: 'GET', url: `/api/billing/invoices/${row.id}/pdf` }),
};
