import type { TFunction } from 'i18next';
import { parseBillingFailureDetails } from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';
import { apiErrorText } from '../../components/forms/api-error-text';
import { billingErrorKey } from './billing-error-text';

/**
 * The text of a failed billing call: a processor refusal (or `default_card_required`) carries its
 * code in `error.details` and reads from the one message table ("Card declined"); any other
 * failure (a field rule, "not found") reads as every API failure does.
 */
export function billingFailureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    const failure = parseBillingFailureDetails(error.body?.error.details);
    if (failure) return t(billingErrorKey(failure));
  }
  return apiErrorText(t, error);
}
