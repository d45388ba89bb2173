import { useQuery } from '@tanstack/react-query';
import {
  tenantEndpoints,
  userEndpoints,
  type CreateNationalIdUserRequest,
  type IdentityUser,
  type NationalLoginBroker,
  type SaveNationalLoginBrokerRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { TENANTS_QUERY_KEY } from '../tenants/get-tenants';

export const brokerQueryKey = (tenantId: string) =>
  [...TENANTS_QUERY_KEY, tenantId, 'national-login'] as const;

/** GET /api/tenants/:id/national-login: the broker (never its secret) and the redirect URI. */
export function useNationalLoginBroker(tenantId: string) {
  return useQuery({
    queryKey: brokerQueryKey(tenantId),
    queryFn: () => callEndpoint(tenantEndpoints.nationalLogin, { params: { id: tenantId } }),
    gcTime: 0,
  });
}

/** PUT /api/tenants/:id/national-login. */
export function saveNationalLoginBroker(
  tenantId: string,
  values: SaveNationalLoginBrokerRequest,
): Promise<NationalLoginBroker> {
  return callEndpoint(tenantEndpoints.saveNationalLogin, { params: { id: tenantId }, body: values });
}

/** POST /api/identity/users/national-id. */
export function createNationalIdUser(values: CreateNationalIdUserRequest): Promise<IdentityUser> {
  return callEndpoint(userEndpoints.createNationalIdUser, { body: values });
}

/** GET /api/identity/users/:id/national-id: the binding, masked. */
export function useNationalIdentityBinding(userId: string) {
  return useQuery({
    queryKey: ['identity-users', userId, 'national-id'],
    queryFn: () => callEndpoint(userEndpoints.nationalIdentity, { params: { id: userId } }),
  });
}
