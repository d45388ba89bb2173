import type { CardDetails } from '@homeward/contracts';
import type { BillingErrorLike, BillingErrorSource } from './billing-error-text';

/**
 * What adding a card came to: the saved card's payment method, or the error to show. An error the
 * card form found (`source: 'card-form'`) is already shown on its field; a processor's is not.
 */
export type CardEntryResult =
  { paymentMethodId: string } | { error: BillingErrorLike; source: BillingErrorSource };

/**
 * One way of taking a card, behind the card form: the local fields (the local provider) or the
 * processor's own card element (Stripe). Both check the card before anything is sent.
 */
export interface CardEntry {
  /** Checks what was typed and hands the card to the processor. Never rejects. */
  confirm(): Promise<CardEntryResult>;
}

/**
 * The local stand-in for the processor's API: saves the raw card with the local provider and
 * answers with its payment method id, or the BillingError it failed with (returned or thrown).
 */
export type TokenizeCard = (card: CardDetails) => Promise<{ paymentMethodId: string } | BillingErrorLike>;

export function isSavedCard(result: CardEntryResult): result is { paymentMethodId: string } {
  return 'paymentMethodId' in result;
}
