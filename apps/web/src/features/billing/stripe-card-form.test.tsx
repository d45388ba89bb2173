import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { CardForm } from './card-form';
import {
  cardFormError,
  expectDeclinedForInsufficientFunds,
  submitCardForm as submit,
} from './card-form-test-support';

/** A stand-in for Stripe.js: records the card element it hands out and what is confirmed with it. */
const fake = vi.hoisted(() => {
  const handlers: Record<string, (event: unknown) => void> = {};
  const card = {
    on: vi.fn((name: string, handler: (event: unknown) => void) => {
      handlers[name] = handler;
      return card;
    }),
    mount: vi.fn(),
    destroy: vi.fn(),
  };
  const elements = { create: vi.fn(() => card) };
  const stripe = { elements: vi.fn(() => elements), confirmCardSetup: vi.fn() };
  return { handlers, card, elements, stripe, loadStripe: vi.fn() };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: fake.loadStripe }));

beforeEach(() => {
  vi.clearAllMocks();
  fake.loadStripe.mockResolvedValue(fake.stripe);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm(language = 'en') {
  const onAdded = vi.fn();
  const onFailed = vi.fn();
  const view = await renderWithApp(
    <CardForm
      publishableKey="pk_test_123"
      setupIntentClientSecret="seti_1_secret_2"
      onAdded={onAdded}
      onFailed={onFailed}
    />,
    { language },
  );
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
  return { ...view, onAdded, onFailed };
}

function typeInElement(change: Partial<StripeCardElementChangeEvent>) {
  act(() =>
    fake.handlers.change!({
      elementType: 'card',
      empty: false,
      complete: false,
      brand: 'unknown',
      ...change,
    }),
  );
}

describe('CardForm with Stripe', { timeout: 20_000 }, () => {
  it("mounts Stripe's card element, with postal code, in the reader's language", async () => {
    await renderForm('da');
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.stripe.elements).toHaveBeenCalledWith({ locale: 'da' });
    expect(fake.elements.create).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ hidePostalCode: false }),
    );
    expect(fake.card.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-card-element'));
    expect(screen.getByRole('group', { name: 'Kortoplysninger' })).toBeTruthy();
  });

  it("shows the brand and the element's own checks with the message table's texts", async () => {
    await renderForm();
    typeInElement({
      brand: 'mastercard',
      error: { type: 'validation_error', code: 'incomplete_number', message: '' },
    });
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Incomplete number');
    typeInElement({ brand: 'mastercard', complete: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('confirms the SetupIntent with the card element, and nothing goes to our server', async () => {
    const calls = stubApi();
    fake.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_123' } });
    const { onAdded, onFailed } = await renderForm();
    await submit();
    expect(fake.stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', {
      payment_method: { card: fake.card },
    });
    expect(onAdded).toHaveBeenCalledWith({ paymentMethodId: 'pm_123' });
    expect(onFailed).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("takes the payment method's id when Stripe expands it", async () => {
    fake.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { payment_method: { id: 'pm_456' } } });
    const { onAdded } = await renderForm();
    await submit();
    expect(onAdded).toHaveBeenCalledWith({ paymentMethodId: 'pm_456' });
  });

  it("reads Stripe's card errors with the message table", async () => {
    fake.stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'x' },
    });
    const { onAdded, onFailed } = await renderForm();
    await submit();
    expectDeclinedForInsufficientFunds({ onAdded, onFailed });
  });

  it("shows the element's validation errors on the element, not as the processor's answer", async () => {
    fake.stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'validation_error', code: 'invalid_number', param: 'number', message: 'x' },
    });
    const { onFailed } = await renderForm();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Invalid card number');
    expect(screen.queryByTestId('card-form-error')).toBeNull();
    expect(onFailed).toHaveBeenCalledWith({ code: 'invalid_number', param: 'number' }, 'card-form');
  });

  it('reads a failed call to Stripe as an unknown error', async () => {
    fake.stripe.confirmCardSetup.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderForm();
    await submit();
    expect(cardFormError()).toBe('Unknown error');
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    fake.loadStripe.mockResolvedValue(null);
    const onAdded = vi.fn();
    await renderWithApp(
      <CardForm publishableKey="pk_test_123" setupIntentClientSecret="seti_1_secret_2" onAdded={onAdded} />,
    );
    expect(await screen.findByText('The card form could not be loaded. Try again later.')).toBeTruthy();
    await submit();
    expect(cardFormError()).toBe('Unknown error');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('removes the card element with the form', async () => {
    const { unmount } = await renderForm();
    unmount();
    expect(fake.card.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('the billing code', () => {
  const sources = import.meta.glob<string>(['./*.ts', './*.tsx', '!./*.test.ts', '!./*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('imports Stripe.js only on demand, so that only the Stripe card form loads it', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    for (const [file, source] of Object.entries(sources)) {
      const staticImports = source.match(/^import\s+(?!type\s)([^;]*from\s+)?'@stripe\/stripe-js[^']*'/gm);
      expect(staticImports, file).toBeNull();
    }
    expect(sources['./stripe-card-entry.ts']).toContain("await import('@stripe/stripe-js')");
  });
});
