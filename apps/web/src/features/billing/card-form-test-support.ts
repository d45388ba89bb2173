import { act, fireEvent, screen } from '@testing-library/react';
import { expect, type Mock } from 'vitest';

/* What the tests of both card forms (local fields and Stripe's element) do and check alike. */

export async function submitCardForm(name = 'Add card') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** The form-level error text (the processor's answer), if any. */
export const cardFormError = () => screen.queryByTestId('card-form-error')?.textContent ?? null;

/** The processor declined the card for insufficient funds: the form says so and reports it. */
export function expectDeclinedForInsufficientFunds({ onAdded, onFailed }: { onAdded: Mock; onFailed: Mock }) {
  expect(cardFormError()).toBe('Card declined');
  expect(onFailed).toHaveBeenCalledWith(
    { code: 'card_declined', declineCode: 'insufficient_funds' },
    'processor',
  );
  expect(onAdded).not.toHaveBeenCalled();
}
