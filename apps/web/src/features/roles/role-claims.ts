import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  claimTypeEndpoints,
  roleEndpoints,
  type RoleClaim,
  type UpdateRoleClaimsRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { ROLES_QUERY_KEY } from './get-roles';

/** GET /api/identity/roles/:id/claims. */
export function getRoleClaims(roleId: string): Promise<RoleClaim[]> {
  return callEndpoint(roleEndpoints.claims, { params: { id: roleId } });
}

export function roleClaimsQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: [...ROLES_QUERY_KEY, roleId, 'claims'],
    queryFn: () => getRoleClaims(roleId),
    staleTime: 0,
  });
}

export function useRoleClaims(roleId: string) {
  return useQuery(roleClaimsQueryOptions(roleId));
}

/** PUT /api/identity/roles/:id/claims: replaces the role's claims. */
export function updateRoleClaims(roleId: string, body: UpdateRoleClaimsRequest): Promise<RoleClaim[]> {
  return callEndpoint(roleEndpoints.updateClaims, { params: { id: roleId }, body });
}

export function useUpdateRoleClaims(roleId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRoleClaimsRequest) => updateRoleClaims(roleId, body),
    onSuccess: async () => {
      notify.success(t('identity:roleClaims.saved'));
      await queryClient.invalidateQueries({ queryKey: roleClaimsQueryOptions(roleId).queryKey });
    },
    onError: (error) => notify.error(t('identity:roleClaims.saveFailed', { reason: apiErrorText(t, error) })),
  });
}

/** GET /api/identity/claim-types/all: the claim types to pick from (needs Homeward.ClaimTypes). */
export function getAllClaimTypes() {
  return callEndpoint(claimTypeEndpoints.all);
}

export function useAllClaimTypes(enabled: boolean) {
  return useQuery({ queryKey: ['identity', 'claim-types', 'all'], queryFn: getAllClaimTypes, enabled });
}
