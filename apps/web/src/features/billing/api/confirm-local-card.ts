import {
  billingEndpoints,
  parseBillingFailureDetails,
  type CardDetails,
  type LocalCardConfirmRequest,
  type LocalCardConfirmResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { ApiRequestError } from '../../../app/api/api-request-error';
import type { BillingErrorLike } from '../billing-error-text';
import type { TokenizeCard } from '../card-entry';

/**
 * `POST /api/billing/local/card-setups/confirm`: the embedded local provider's stand-in for the
 * processor's card element. Exists only while no Stripe key is configured.
 */
export function confirmLocalCard(request: LocalCardConfirmRequest): Promise<LocalCardConfirmResponse> {
  return callEndpoint(billingEndpoints.confirmLocalCard, { body: request });
}

/**
 * The card form's `tokenize` for the local provider: confirms the setup named by `clientSecret`
 * with the typed card. A refusal carries the processor's code in `error.details`, which is returned
 * for the message table; any other failure (network, an expired setup) reads "unknown error".
 */
export function localCardTokenizer(clientSecret: string): TokenizeCard {
  return async (card: CardDetails) => {
    try {
      return await confirmLocalCard({
        clientSecret,
        number: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvc: card.cvc,
        ...(card.postalCode ? { postalCode: card.postalCode } : {}),
      });
    } catch (error) {
      const failure: BillingErrorLike | undefined =
        error instanceof ApiRequestError ? parseBillingFailureDetails(error.body?.error.details) : undefined;
      return failure ?? { code: 'unknown' };
    }
  };
}
