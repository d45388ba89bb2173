import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedCall } from '../../components/crud/crud-test-harness';
import { stubApi } from '../../components/crud/crud-test-harness';
import {
  billingReads,
  billingRefusal,
  card,
  household,
  renderBilling,
  toastText,
} from './billing-page-test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETUP = {
  setupId: 'seti_1',
  clientSecret: 'seti_1_secret_abc',
  provider: 'local',
  stripeConfigured: false,
  publishableKey: null,
};
const CONFIRM = '/api/billing/local/card-setups/confirm';
const MASTERCARD = card({
  id: 'pm_mc',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 11,
  expYear: 2031,
  isDefault: false,
});

/** Opens "Add card" and types a card into the local card fields. */
async function typeCard(number: string) {
  fireEvent.click(await screen.findByTestId('add-card'));
  const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
  // The card setup is started first; the fields come with its answer.
  await within(dialog).findByLabelText('Card number');
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  type('Card number', number);
  type('Expiry date', '1230');
  type('CVC', '123');
  type('Postal code', '8000');
  return dialog;
}

const addCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/billing/cards');

describe('the cards of the billing screen', { timeout: 20_000 }, () => {
  it('adds a card through the local provider and makes the first one the default', async () => {
    const state = household({ cards: [] });
    const calls = stubApi((call) => {
      if (call.path === '/api/billing/cards/setup') return Response.json(SETUP);
      if (call.path === CONFIRM) return Response.json({ paymentMethodId: 'pm_new' });
      if (call.method === 'POST' && call.path === '/api/billing/cards') {
        state.cards = [card({ id: 'pm_new' })];
        return Response.json(state.cards[0], { status: 201 });
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    const dialog = await typeCard('4242 4242 4242 4242');
    const makeDefault = within(dialog).getByRole('checkbox', {
      name: 'Make this my default card',
    }) as HTMLInputElement;
    expect(makeDefault.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add card' }));

    expect(await toastText()).toContain('Card •••• 4242 added');
    expect(calls.find((call) => call.path === CONFIRM)?.body).toEqual({
      clientSecret: 'seti_1_secret_abc',
      number: '4242424242424242',
      expMonth: '12',
      expYear: '2030',
      cvc: '123',
      postalCode: '8000',
    });
    expect(addCalls(calls).map((call) => call.body)).toEqual([
      { paymentMethodId: 'pm_new', makeDefault: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [added] = await screen.findAllByTestId('billing-card');
    expect(within(added!).getByTestId('billing-card-default')).toBeTruthy();
  });

  it('shows "Card declined" when the processor declines the card, and saves nothing', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/billing/cards/setup') return Response.json(SETUP);
      if (call.path === CONFIRM)
        return billingRefusal(400, 'card_declined:generic_decline', 'Your card was declined.');
      return undefined;
    }, billingReads(household()));
    await renderBilling();
    const dialog = await typeCard('4000 0000 0000 0002');
    // A household with a card keeps its default unless asked.
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Make this my default card' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add card' }));

    expect((await within(dialog).findByTestId('card-form-error')).textContent).toBe('Card declined');
    expect(await toastText()).toBe('Adding the card failed: Card declined');
    expect(addCalls(calls)).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('makes another card the default, with a toast', async () => {
    const state = household({ cards: [card(), MASTERCARD] });
    const calls = stubApi((call) => {
      if (call.method === 'PUT' && call.path === '/api/billing/cards/pm_mc/default') {
        state.cards = [card({ isDefault: false }), { ...MASTERCARD, isDefault: true }];
        return Response.json({ cards: state.cards });
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    await screen.findAllByTestId('billing-card');
    // The default card offers no "Make default".
    expect(screen.queryByRole('button', { name: 'Make default: Visa •••• 4242' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make default: Mastercard •••• 4444' }));

    expect(await toastText()).toBe('Mastercard •••• 4444 is now your default card');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/billing/cards/pm_mc/default',
    ]);
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('billing-card')
          .map((each) => !!within(each).queryByTestId('billing-card-default')),
      ).toEqual([false, true]),
    );
  });

  it('removes a card after asking, warning when it is the default', async () => {
    const state = household({ cards: [card(), MASTERCARD] });
    const calls = stubApi((call) => {
      if (call.method === 'DELETE' && call.path === '/api/billing/cards/pm_visa') {
        state.cards = [MASTERCARD];
        return new Response(null, { status: 204 });
      }
      return undefined;
    }, billingReads(state));
    await renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = await screen.findByTestId('remove-card-dialog');
    expect(within(dialog).getByRole('dialog').textContent).toContain(
      'Remove Visa •••• 4242 from your account?',
    );
    expect(within(dialog).getByRole('dialog').textContent).toContain('It is your default card');
    fireEvent.click(within(dialog).getByTestId('remove-card-confirm'));

    expect(await toastText()).toBe('Visa •••• 4242 removed');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/billing/cards/pm_visa',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('billing-card')).toHaveLength(1));
  });

  it('toasts a failed removal and keeps the question open', async () => {
    stubApi(
      (call) =>
        call.method === 'DELETE'
          ? Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
          : undefined,
      billingReads(household()),
    );
    await renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    fireEvent.click(await screen.findByTestId('remove-card-confirm'));
    expect(await toastText()).toContain('Removing the card failed');
    expect(screen.getByTestId('remove-card-dialog')).toBeTruthy();
  });
});
