import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { qualifiedKey, translateValidationMessage } from './translate-validation-message';

/**
 * A readable reason for a failed call. Rule errors come as a translation key in the message or in a
 * field error (`identity:organizationUnitHasChildren`); otherwise the server already sent the generic
 * text of the code in the request's language.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('translation:errors.unknown');
  const body = error.body?.error;
  if (!body) return t(error.status ? 'translation:errors.unknown' : 'translation:errors.service_unavailable');
  const firstField = body.validationErrors?.[0];
  if (firstField && body.code === 'validation_failed') {
    return translateValidationMessage(t, firstField.message, firstField.field, firstField.params);
  }
  return t(qualifiedKey(body.message), { defaultValue: body.message });
}
