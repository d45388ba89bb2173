import { useQuery } from '@tanstack/react-query';
import type {
  CreateNationalIdUserRequest,
  IdentityUser,
  NationalIdentityBinding,
  NationalLoginBroker,
  SaveNationalLoginBrokerRequest,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { TENANTS_PATH, TENANTS_QUERY_KEY } from '../tenants/get-tenants';

export const brokerQueryKey = (tenantId: string) =>
  [...TENANTS_QUERY_KEY, tenantId, 'national-login'] as const;

/** GET /api/tenants/:id/national-login: the broker (never its secret) and the redirect URI. */
export function useNationalLoginBroker(tenantId: string) {
  return useQuery({
    queryKey: brokerQueryKey(tenantId),
    queryFn: () => apiFetch<NationalLoginBroker>(`${TENANTS_PATH}/${tenantId}/national-login`),
    gcTime: 0,
  });
}

/** PUT /api/tenants/:id/national-login. */
export function saveNationalLoginBroker(
  tenantId: string,
  values: SaveNationalLoginBrokerRequest,
): Promise<NationalLoginBroker> {
  return apiFetch(`${TENANTS_PATH}/${tenantId}/national-login`, {
    method: 'PUT',
    body: JSON.stringify(values),
  });
}

/** POST /api/identity/users/national-id. */
export function createNationalIdUser(values: CreateNationalIdUserRequest): Promise<IdentityUser> {
  return apiFetch('/api/identity/users/national-id', { method: 'POST', body: JSON.stringify(values) });
}

/** GET /api/identity/users/:id/national-id: the binding, masked. */
export function useNationalIdentityBinding(userId: string) {
  return useQuery({
    queryKey: ['identity-users', userId, 'national-id'],
    queryFn: () => apiFetch<NationalIdentityBinding>(`/api/identity/users/${userId}/national-id`),
  });
}
