import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/crud/crud-test-harness';
import {
  billingReads,
  findWatchRow,
  household,
  renderBilling,
  subscription,
  textOf,
  MORS_UR,
} from './billing-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('BillingPage', { timeout: 20_000 }, () => {
  it('shows each section as it loads: subscriptions, cards, details and history', async () => {
    stubApi(billingReads(household()));
    await renderBilling();
    // Loading states first, each named.
    expect(screen.getByRole('progressbar', { name: 'Loading subscriptions' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading cards' })).toBeTruthy();

    const fars = await findWatchRow('Fars ur');
    expect(within(fars).getByTestId('watch-subscription-status').textContent).toBe('Active');
    expect(textOf(within(fars).getByTestId('watch-subscription-plan'))).toBe('Monthly · DKK 99.00 per month');
    expect(within(fars).getByTestId('watch-subscription-renews').textContent).toBe('Renews Jul 1, 2026');
    expect(within(fars).getByRole('button', { name: 'Pause subscription for Fars ur' })).toBeTruthy();
    expect(within(fars).getByRole('button', { name: 'Change plan for Fars ur' })).toBeTruthy();
    // A watch without a subscription can be subscribed.
    const mors = await findWatchRow('Mors ur');
    expect(within(mors).getByTestId('watch-subscription-status').textContent).toBe('No subscription');
    expect(within(mors).getByRole('button', { name: 'Subscribe Mors ur' })).toBeTruthy();

    const [visa] = await screen.findAllByTestId('billing-card');
    expect(within(visa!).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(within(visa!).getByTestId('billing-card-number').textContent).toBe('•••• 4242');
    expect(within(visa!).getByTestId('billing-card-expiry').textContent).toBe('Expires 04/30');
    expect(within(visa!).getByTestId('billing-card-default').textContent).toBe('Default');

    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('Dorthe Hansen');
    expect((screen.getByLabelText(/^Zip code/) as HTMLInputElement).value).toBe('8000');

    const [paid] = await screen.findAllByTestId('billing-invoice');
    expect(paid!.textContent).toContain('Invoice HW-0001');
    expect(paid!.textContent).toContain('Paid');
    expect(paid!.textContent).toContain('Period: Jun 1, 2026 – Jul 1, 2026');
    expect(textOf(within(paid!).getByTestId('billing-invoice-total'))).toBe(
      'Total DKK 99.00, of which VAT DKK 19.80',
    );
    expect(within(paid!).getByRole('button', { name: 'Download PDF: invoice HW-0001' })).toBeTruthy();

    expect(sectionHeadings()).toEqual([
      'Subscriptions',
      'Payment cards',
      'Billing details',
      'Billing history',
    ]);
    for (const name of sectionHeadings()) expect(screen.getByRole('region', { name: name! })).toBeTruthy();
  });

  it('shows the empty states: no watches, no cards, no invoices', async () => {
    stubApi(billingReads(household({ watches: [], subscriptions: [], cards: [], invoices: [] })));
    await renderBilling();
    await screen.findByText('No invoices yet');
    await screen.findByText('No watches yet');
    const texts = screen.getAllByTestId('empty-state').map((each) => each.textContent);
    expect(texts).toHaveLength(3);
    expect(texts.some((text) => text?.startsWith('No watches yet'))).toBe(true);
    expect(texts.some((text) => text?.startsWith('No cards yet'))).toBe(true);
    expect(texts.some((text) => text?.startsWith('No invoices yet'))).toBe(true);
  });

  it('says "Loading subscription information failed" when the subscriptions cannot be read, and retries', async () => {
    let broken = true;
    const state = household();
    const calls = stubApi(
      (call) =>
        broken && call.path === '/api/billing/subscriptions'
          ? Response.json({ error: { code: 'service_unavailable', message: 'Down' } }, { status: 503 })
          : undefined,
      billingReads(state),
    );
    await renderBilling();
    const failed = await screen.findByTestId('billing-loading-failed');
    expect(failed.textContent).toContain('Loading subscription information failed');
    broken = false;
    within(failed).getByRole('button', { name: 'Try again' }).click();
    await findWatchRow('Fars ur');
    expect(calls.filter((call) => call.path === '/api/billing/subscriptions')).toHaveLength(2);
  });

  it('says it in Danish too, and shows the Danish screen', async () => {
    stubApi(
      (call) =>
        call.path === '/api/billing/cards'
          ? Response.json({ error: { code: 'service_unavailable', message: 'Nede' } }, { status: 503 })
          : undefined,
      billingReads(household()),
    );
    await renderBilling({ language: 'da' });
    expect((await screen.findByTestId('billing-loading-failed')).textContent).toContain(
      'Indlæsning af abonnementsoplysninger mislykkedes',
    );
    const fars = await findWatchRow('Fars ur');
    expect(within(fars).getByRole('button', { name: 'Sæt på pause: abonnementet for Fars ur' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Betalingshistorik' })).toBeTruthy();
  });

  it('leaves out the history without the invoices permission, and every action without the manage ones', async () => {
    const calls = stubApi(billingReads(household()));
    await renderBilling({ permissions: ['Homeward.Devices', 'Homeward.Billing'] });
    const fars = await findWatchRow('Fars ur');
    expect(within(fars).queryByRole('button')).toBeNull();
    await screen.findAllByTestId('billing-card');
    expect(screen.queryByTestId('add-card')).toBeNull();
    expect(screen.queryByTestId('billing-card-remove')).toBeNull();
    expect(screen.queryByTestId('billing-details-save')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Billing history' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/billing/invoices')).toBe(false);
  });

  it('keeps a charged subscription of a watch that left the household in the list', async () => {
    stubApi(
      billingReads(
        household({
          watches: [],
          subscriptions: [
            subscription({
              deviceId: MORS_UR,
              deviceName: null,
              status: 'paused',
              pauseReason: 'payment_failed',
            }),
          ],
        }),
      ),
    );
    await renderBilling();
    const row = await findWatchRow('Watch no longer connected');
    expect(within(row).getByTestId('watch-subscription-status').textContent).toBe('Paused');
    expect(within(row).getByTestId('watch-subscription-payment-failed')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Resume subscription for Watch no longer connected' }),
    ).toBeTruthy();
  });
});
