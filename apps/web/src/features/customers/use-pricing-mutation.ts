import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { CUSTOMERS_QUERY_KEY } from './get-customers';

/** Calls one pricing operation, toasts the outcome and reloads the customer's queries. */
export function usePricingMutation<T>(call: (variables: T) => Promise<unknown>, successKey: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      notify.success(t(successKey));
      await queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
    },
    onError: (error) => notify.error(t('customers:pricing.failed', { reason: apiErrorText(t, error) })),
  });
}
