import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  permissionGrantEndpoints,
  type PermissionGrantsQuery,
  type UpdatePermissionGrantsRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { PERMISSION_GRANTS_QUERY_KEY } from './get-permission-grants';

/** PUT /api/permission-management/permissions: sets the listed grants of one role or user. */
export function updatePermissionGrants(
  query: PermissionGrantsQuery,
  body: UpdatePermissionGrantsRequest,
): Promise<unknown> {
  return callEndpoint(permissionGrantEndpoints.update, { query, body });
}

/**
 * Saves grants and toasts the outcome. The signed-in user may hold the role just changed, so their
 * configuration (grantedPolicies) is reloaded too.
 */
export function useUpdatePermissionGrants(query: PermissionGrantsQuery) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePermissionGrantsRequest) => updatePermissionGrants(query, body),
    onSuccess: async () => {
      notify.success(t('identity:permissionGrants.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PERMISSION_GRANTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey }),
      ]);
    },
    onError: (error) =>
      notify.error(t('identity:permissionGrants.saveFailed', { reason: apiErrorText(t, error) })),
  });
}
