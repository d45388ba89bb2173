import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusePutWith, stubApi } from '../../components/crud/crud-test-harness';
import {
  billingReads,
  billingRefusal,
  findWatchRow,
  household,
  renderBilling,
  subscription,
  toastText,
  MORS_UR,
} from './billing-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUBSCRIPTION_ID = subscription().id;

async function openPlanDialog(watchName: string, buttonName: string) {
  const row = await findWatchRow(watchName);
  fireEvent.click(within(row).getByRole('button', { name: buttonName }));
  return screen.findByRole('dialog');
}

describe('the subscriptions of the billing screen', { timeout: 20_000 }, () => {
  it('subscribes a watch to the plan chosen, with a toast and the new status', async () => {
    const state = household();
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/billing/subscriptions') {
        const created = subscription({
          id: 'sub-2',
          deviceId: MORS_UR,
          deviceName: 'Mors ur',
          plan: 'annual',
        });
        state.subscriptions = [...state.subscriptions, created];
        return Response.json(created, { status: 201 });
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    const dialog = await openPlanDialog('Mors ur', 'Subscribe Mors ur');
    expect(within(dialog).getByRole('heading', { name: 'Subscribe Mors ur' })).toBeTruthy();
    // Monthly is offered first; the annual plan says what it commits to.
    expect((within(dialog).getByRole('radio', { name: /^Monthly/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('12-month commitment, billed monthly')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Annual/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));

    expect(await toastText()).toContain('Mors ur is subscribed annually');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ deviceId: MORS_UR, plan: 'annual' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await findWatchRow('Mors ur');
    await waitFor(() =>
      expect(within(row).getByTestId('watch-subscription-status').textContent).toBe('Active'),
    );
    expect(within(row).getByTestId('watch-subscription-plan').textContent).toContain('Annual');
  });

  it('says a default card is needed when subscribing without one', async () => {
    stubApi(
      (call) =>
        call.method === 'POST' && call.path === '/api/billing/subscriptions'
          ? billingRefusal(409, 'default_card_required', 'billing:errors.noDefaultCard')
          : undefined,
      billingReads(household({ cards: [] })),
    );
    await renderBilling();
    const dialog = await openPlanDialog('Mors ur', 'Subscribe Mors ur');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await toastText()).toBe(
      'Subscribing Mors ur failed: No payment method: a default card is required',
    );
    // The dialog stays, with the reason at the plan choice.
    expect(within(dialog).getByTestId('watch-plan-error').textContent).toBe(
      'No payment method: a default card is required',
    );
  });

  it('changes monthly to annual, with a toast', async () => {
    const state = household();
    const calls = stubApi((call) => {
      if (call.method === 'PUT' && call.path === `/api/billing/subscriptions/${SUBSCRIPTION_ID}/plan`) {
        state.subscriptions = [
          subscription({ plan: 'annual', commitmentEndsAt: '2027-07-01T00:00:00.000Z' }),
        ];
        return Response.json(state.subscriptions[0]);
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    const dialog = await openPlanDialog('Fars ur', 'Change plan for Fars ur');
    // The other plan is the one offered.
    expect((within(dialog).getByRole('radio', { name: /^Annual/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await toastText()).toContain('Fars ur moves to the annual plan from the next period');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ plan: 'annual' });
    const row = await findWatchRow('Fars ur');
    await waitFor(() =>
      expect(within(row).getByTestId('watch-subscription-plan').textContent).toContain('Annual'),
    );
    expect(row.textContent).toContain('Annual commitment until Jul 1, 2027');
  });

  it('shows the server’s refusal to go back to monthly inside the annual commitment', async () => {
    stubApi(
      refusePutWith({
        field: 'plan',
        message: 'billingAccount:errors.annualCommitment',
        params: { date: '2027-07-01' },
      }),
      billingReads(
        household({
          subscriptions: [subscription({ plan: 'annual', commitmentEndsAt: '2027-07-01T00:00:00.000Z' })],
        }),
      ),
    );
    await renderBilling();
    const dialog = await openPlanDialog('Fars ur', 'Change plan for Fars ur');
    expect((within(dialog).getByRole('radio', { name: /^Monthly/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    const refusal = 'An annual subscription can go back to monthly when its 12 months end (2027-07-01)';
    expect(await within(dialog).findByTestId('watch-plan-error')).toHaveProperty('textContent', refusal);
    expect(await toastText()).toBe(`Changing the plan for Fars ur failed: ${refusal}`);
    expect(within(dialog).getByRole('radiogroup').getAttribute('aria-describedby')).toBe(
      within(dialog).getByTestId('watch-plan-error').id,
    );
  });

  it('pauses and resumes (renews) a subscription, each with a toast', async () => {
    const state = household();
    const calls = stubApi((call) => {
      if (call.method !== 'POST') return undefined;
      if (call.path === `/api/billing/subscriptions/${SUBSCRIPTION_ID}/pause`) {
        state.subscriptions = [subscription({ status: 'paused', pauseReason: 'owner' })];
        return Response.json(state.subscriptions[0]);
      }
      if (call.path === `/api/billing/subscriptions/${SUBSCRIPTION_ID}/resume`) {
        state.subscriptions = [subscription()];
        return Response.json(state.subscriptions[0]);
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    let row = await findWatchRow('Fars ur');
    fireEvent.click(within(row).getByRole('button', { name: 'Pause subscription for Fars ur' }));
    expect(await toastText()).toContain('The subscription for Fars ur is paused');
    row = await findWatchRow('Fars ur');
    await waitFor(() =>
      expect(within(row).getByTestId('watch-subscription-status').textContent).toBe('Paused'),
    );
    expect(within(row).getByTestId('watch-subscription-renews').textContent).toBe(
      'Paused · the current period ends Jul 1, 2026',
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Resume subscription for Fars ur' }));
    await waitFor(async () => expect(await toastText()).toContain('The subscription for Fars ur is renewed'));
    await waitFor(() =>
      expect(within(row).getByTestId('watch-subscription-status').textContent).toBe('Active'),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/billing/subscriptions/${SUBSCRIPTION_ID}/pause`,
      `/api/billing/subscriptions/${SUBSCRIPTION_ID}/resume`,
    ]);
  });

  it('toasts a failed pause and a failed resume with the reason', async () => {
    stubApi(
      (call) => {
        if (call.path.endsWith('/pause'))
          return Response.json(
            { error: { code: 'service_unavailable', message: 'Unavailable' } },
            { status: 503 },
          );
        if (call.path.endsWith('/resume')) return billingRefusal(409, 'default_card_required');
        return undefined;
      },
      billingReads(
        household({
          subscriptions: [
            subscription(),
            subscription({ id: 'sub-2', deviceId: MORS_UR, status: 'paused', pauseReason: 'owner' }),
          ],
        }),
      ),
    );
    await renderBilling();
    fireEvent.click(
      within(await findWatchRow('Fars ur')).getByRole('button', { name: 'Pause subscription for Fars ur' }),
    );
    expect(await toastText()).toContain('Pausing the subscription for Fars ur failed');
    fireEvent.click(
      within(await findWatchRow('Mors ur')).getByRole('button', { name: 'Resume subscription for Mors ur' }),
    );
    await waitFor(async () =>
      expect(await toastText()).toContain(
        'Renewing the subscription for Mors ur failed: No payment method: a default card is required',
      ),
    );
  });
});
