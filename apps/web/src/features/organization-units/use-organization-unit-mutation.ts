import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ORGANIZATION_UNITS_QUERY_KEY } from './get-organization-units';

/**
 * A unit write other than create/rename/delete (move, members, roles): reloads the tree and the
 * tabs, and toasts `successKey` or `failureKey` with the reason.
 */
export function useOrganizationUnitMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  successKey: string,
  failureKey: string,
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notify.success(t(successKey));
      await queryClient.invalidateQueries({ queryKey: ORGANIZATION_UNITS_QUERY_KEY });
    },
    onError: (error) => notify.error(t(failureKey, { reason: apiErrorText(t, error) })),
  });
}

/** Adding to and removing from a unit (members, roles): the same toasts for both kinds. */
export function useUnitAssignmentMutations<TAdd>(
  add: (ids: string[]) => Promise<TAdd>,
  remove: (id: string) => Promise<unknown>,
) {
  return {
    add: useOrganizationUnitMutation(
      add,
      'identity:organizationUnits.added',
      'identity:organizationUnits.addFailed',
    ),
    remove: useOrganizationUnitMutation(
      remove,
      'identity:organizationUnits.removed',
      'identity:organizationUnits.removeFailed',
    ),
  };
}
