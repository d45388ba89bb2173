import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { passesLuhn, type CardDetails } from '@homeward/contracts';
import { renderWithApp } from '../../components/crud/crud-test-harness';
import { CardForm } from './card-form';
import type { TokenizeCard } from './card-entry';
import {
  cardFormError,
  expectDeclinedForInsufficientFunds,
  submitCardForm as submit,
} from './card-form-test-support';

afterEach(cleanup);

// 15 June 2026 (UTC).
const now = () => new Date(Date.UTC(2026, 5, 15, 12));

const LABELS = {
  number: 'Card number',
  expiry: 'Expiry date',
  cvc: 'CVC',
  postalCode: 'Postal code',
} as const;
type Typed = Partial<Record<keyof typeof LABELS, string>>;
const GOOD = { number: '4242424242424242', expiry: '1230', cvc: '123', postalCode: '8000' };

async function renderForm(
  tokenize: TokenizeCard = async () => ({ paymentMethodId: 'pm_local_1' }),
  language = 'en',
) {
  const spy = vi.fn(tokenize);
  const onAdded = vi.fn();
  const onFailed = vi.fn();
  await renderWithApp(<CardForm tokenize={spy} onAdded={onAdded} onFailed={onFailed} now={now} />, {
    language,
  });
  return { tokenize: spy, onAdded, onFailed };
}

function type(card: Typed, labels: Record<keyof typeof LABELS, string> = LABELS) {
  for (const [field, value] of Object.entries(card) as [keyof typeof LABELS, string][]) {
    fireEvent.change(screen.getByLabelText(labels[field]), { target: { value } });
  }
}

/** The text shown below a field, if any. */
function fieldError(label: string): string | null {
  const input = screen.getByLabelText(label);
  const describedBy = input.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe('CardForm with the local card fields', { timeout: 20_000 }, () => {
  it('labels each field and lets the browser fill in the card', async () => {
    await renderForm();
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Expiry date').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByLabelText('Postal code').getAttribute('autocomplete')).toBe('postal-code');
  });

  it("shows the number's brand while it is typed", async () => {
    await renderForm();
    const brand = () => within(screen.getByTestId('card-brand')).getByRole('img').getAttribute('aria-label');
    expect(brand()).toBe('Card');
    type({ number: '4' });
    expect(brand()).toBe('Visa');
    type({ number: '5555' });
    expect(brand()).toBe('Mastercard');
    type({ number: '37' });
    expect(brand()).toBe('American Express');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).maxLength).toBe(15 + 3);
  });

  it.each([
    [{ number: '' }, 'Card number', 'Incomplete number'],
    [{ number: '4242 4242' }, 'Card number', 'Incomplete number'],
    [{ number: '4242424242424241' }, 'Card number', 'Invalid card number'],
    [{ expiry: '' }, 'Expiry date', 'Incomplete expiry'],
    [{ expiry: '123' }, 'Expiry date', 'Incomplete expiry'],
    [{ expiry: '13' }, 'Expiry date', 'Invalid expiry month'],
    [{ expiry: '1225' }, 'Expiry date', 'Invalid expiry year in the past'],
    [{ expiry: '0526' }, 'Expiry date', 'Invalid expiry date'],
    [{ cvc: '' }, 'CVC', 'Incomplete CVC'],
    [{ cvc: '12' }, 'CVC', 'Invalid CVC'],
    [{ number: '378282246310005', cvc: '123' }, 'CVC', 'Invalid CVC'],
    [{ postalCode: '' }, 'Postal code', 'Incomplete zip'],
    [{ postalCode: '   ' }, 'Postal code', 'Incomplete zip'],
  ])('refuses %j before sending anything: %s reads "%s"', async (change, label, text) => {
    const { tokenize, onAdded, onFailed } = await renderForm();
    type({ ...GOOD, ...change });
    await submit();
    expect(fieldError(label)).toBe(text);
    expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(label)).toBe(document.activeElement);
    expect(tokenize).not.toHaveBeenCalled();
    expect(onAdded).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledWith(
      expect.objectContaining({ param: expect.any(String) }),
      'card-form',
    );
    expect(screen.queryByTestId('card-form-error')).toBeNull();
  });

  it('shows a wrong number or month at once, and an incomplete field only once it is left', async () => {
    await renderForm();
    type({ number: '4242424242424241', expiry: '13' });
    expect(fieldError('Card number')).toBe('Invalid card number');
    expect(fieldError('Expiry date')).toBe('Invalid expiry month');
    type({ number: '4242', cvc: '12' });
    expect(fieldError('Card number')).toBeNull();
    expect(fieldError('CVC')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Card number'));
    fireEvent.blur(screen.getByLabelText('CVC'));
    expect(fieldError('Card number')).toBe('Incomplete number');
    expect(fieldError('CVC')).toBe('Invalid CVC');
  });

  it('hands a good card to tokenize and reports the saved payment method', async () => {
    const { tokenize, onAdded, onFailed } = await renderForm();
    type({ number: '5555 5555 5555 4444', expiry: '1230', cvc: '321', postalCode: '2100' });
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('12 / 30');
    await submit();
    expect(tokenize).toHaveBeenCalledTimes(1);
    expect(tokenize).toHaveBeenCalledWith({
      number: '5555555555554444',
      expMonth: '12',
      expYear: '2030',
      cvc: '321',
      postalCode: '2100',
    });
    expect(onAdded).toHaveBeenCalledWith({ paymentMethodId: 'pm_local_1' });
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('disables the form while the card is being saved', async () => {
    let answer: (value: { paymentMethodId: string }) => void = () => undefined;
    await renderForm(() => new Promise((resolve) => (answer = resolve)));
    type(GOOD);
    await submit();
    expect(screen.getByRole('button', { name: 'Adding card…' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Card number').hasAttribute('disabled')).toBe(true);
    await act(async () => answer({ paymentMethodId: 'pm_1' }));
    expect(screen.getByRole('button', { name: 'Add card' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows the processor's answer: a declined card reads card declined", async () => {
    const { onAdded, onFailed } = await renderForm(async () => ({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    }));
    type({ ...GOOD, number: '4000000000009995' });
    await submit();
    expectDeclinedForInsufficientFunds({ onAdded, onFailed });
  });

  it('reads a thrown BillingError by its code, and any other failure as an unknown error', async () => {
    const failures: unknown[] = [
      Object.assign(new Error('incorrect_cvc'), { code: 'incorrect_cvc', param: 'cvc' }),
      new TypeError('Failed to fetch'),
    ];
    await renderForm(async () => {
      throw failures.shift();
    });
    type(GOOD);
    await submit();
    expect(cardFormError()).toBe('Incorrect CVC');
    await submit();
    expect(cardFormError()).toBe('Unknown error');
  });

  it('speaks Danish', async () => {
    const { tokenize } = await renderForm(undefined, 'da');
    await submit('Tilføj kort');
    expect(fieldError('Kortnummer')).toBe('Kortnummeret er ufuldstændigt');
    expect(fieldError('Postnummer')).toBe('Postnummeret er ufuldstændigt');
    expect(tokenize).not.toHaveBeenCalled();
  });

  it('never calls tokenize with a card the processor would refuse', async () => {
    const { tokenize } = await renderForm();
    const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{0,${max}}$`));
    // Mostly good values, so that some whole cards are good and get through.
    const mostly = <T,>(good: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: other });
    const cards = fc.record({
      number: mostly(
        fc.constantFrom('4242424242424242', '378282246310005'),
        fc.oneof(fc.constant('4242424242424241'), digits(16)),
      ),
      expiry: mostly(fc.constant('1230'), digits(4)),
      cvc: mostly(fc.constantFrom('123', '1234'), digits(4)),
      postalCode: mostly(fc.constant('8000'), fc.constantFrom('', ' ')),
    });
    let sentCards = 0;
    await fc.assert(
      fc.asyncProperty(cards, async (card) => {
        tokenize.mockClear();
        type(card);
        await submit();
        for (const [sent] of tokenize.mock.calls as [CardDetails][]) {
          sentCards++;
          const amex = /^3[47]/.test(sent.number);
          expect(passesLuhn(sent.number)).toBe(true);
          expect(sent.number).toHaveLength(amex ? 15 : 16);
          expect(Number(sent.expMonth)).toBeGreaterThanOrEqual(1);
          expect(Number(sent.expMonth)).toBeLessThanOrEqual(12);
          expect(Number(sent.expYear) * 12 + Number(sent.expMonth)).toBeGreaterThanOrEqual(2026 * 12 + 6);
          expect(sent.cvc).toMatch(amex ? /^\d{4}$/ : /^\d{3}$/);
          expect(sent.postalCode.trim()).not.toBe('');
        }
      }),
      { numRuns: 100 },
    );
    // About one card in eight is good; the property says nothing unless some got through.
    expect(sentCards).toBeGreaterThan(0);
  });
});
