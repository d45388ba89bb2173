import type { StripeCardElement, StripeCardElementChangeEvent, StripeError } from '@stripe/stripe-js';
import type { CardBrand } from '@homeward/contracts';
import type { BillingErrorLike } from './billing-error-text';
import type { CardEntryResult } from './card-entry';

/*
 * Stripe.js is imported only here and only dynamically: nobody who never opens the Stripe card
 * form downloads it (the home route's weight is measured by bench:startup), and the card number
 * goes from Stripe's own element straight to Stripe, never through our server.
 */

/** What the card element reports while it is typed in. */
export interface StripeCardChange {
  brand: CardBrand;
  complete: boolean;
  /** The element's own check of what was typed (`incomplete_number`, `invalid_expiry_year_past`, ...). */
  error?: BillingErrorLike;
}

export interface StripeCardOptions {
  publishableKey: string;
  container: HTMLElement;
  /** The element's language for its placeholders; `auto` follows the browser. */
  locale: 'en' | 'da' | 'sv' | 'de' | 'auto';
  /** Colours of the app's theme, for the text inside Stripe's frame. */
  colors: { text: string; placeholder: string; error: string };
  onChange(change: StripeCardChange): void;
}

/** A mounted card element. */
export interface StripeCardSession {
  /** Confirms the SetupIntent with the card typed into the element. Never rejects. */
  confirm(clientSecret: string): Promise<CardEntryResult>;
  destroy(): void;
}

/** A Stripe.js error as a billing error: the same codes go through the same message table. */
export function billingErrorOfStripe(error: StripeError): CardEntryResult {
  return {
    error: {
      code: error.code ?? error.type,
      ...(error.decline_code ? { declineCode: error.decline_code } : {}),
      ...(error.param ? { param: error.param } : {}),
    },
    source: error.type === 'validation_error' ? 'card-form' : 'processor',
  };
}

function changeOf(event: StripeCardElementChangeEvent): StripeCardChange {
  return {
    brand: event.brand,
    complete: event.complete,
    ...(event.error ? { error: { code: event.error.code } } : {}),
  };
}

/** Loads Stripe.js and mounts its card element (with postal code) into `container`. */
export async function mountStripeCard(options: StripeCardOptions): Promise<StripeCardSession> {
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = await loadStripe(options.publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this environment');
  const card: StripeCardElement = stripe.elements({ locale: options.locale }).create('card', {
    hidePostalCode: false,
    style: {
      base: {
        color: options.colors.text,
        fontSize: '16px',
        '::placeholder': { color: options.colors.placeholder },
      },
      invalid: { color: options.colors.error, iconColor: options.colors.error },
    },
  });
  card.on('change', (event) => options.onChange(changeOf(event)));
  card.mount(options.container);
  return {
    async confirm(clientSecret) {
      try {
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (result.error) return billingErrorOfStripe(result.error);
        const method = result.setupIntent.payment_method;
        const paymentMethodId = typeof method === 'string' ? method : method?.id;
        return paymentMethodId ? { paymentMethodId } : { error: { code: 'unknown' }, source: 'processor' };
      } catch {
        // Stripe.js rejects only when it cannot reach Stripe at all.
        return { error: { code: 'api_error' }, source: 'processor' };
      }
    },
    destroy() {
      card.destroy();
    },
  };
}
