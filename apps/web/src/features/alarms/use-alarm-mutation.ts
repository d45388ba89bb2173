import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ALARMS_QUERY_KEY } from './get-alarms';

/**
 * An alarm state change with the screens' common behaviour: every alarms query reloads and the
 * user is told how it went ("Alarm acknowledged" / "... could not be acknowledged: reason").
 */
export function useAlarmMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  operation: 'acknowledge' | 'handle',
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notify.success(t(`alarms:${operation}Succeeded`));
      await queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_KEY });
    },
    onError: (error) => {
      notify.error(t(`alarms:${operation}Failed`, { reason: apiErrorText(t, error) }));
    },
  });
}
