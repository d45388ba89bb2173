import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  permissionGrantEndpoints,
  type PermissionGrantsQuery,
  type PermissionGrantsResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

export const PERMISSION_GRANTS_QUERY_KEY = ['permission-management', 'permissions'] as const;

/** GET /api/permission-management/permissions: the catalogue with what the role or user holds. */
export function getPermissionGrants(query: PermissionGrantsQuery): Promise<PermissionGrantsResponse> {
  return callEndpoint(permissionGrantEndpoints.get, { query });
}

export function permissionGrantsQueryOptions(query: PermissionGrantsQuery) {
  return queryOptions({
    queryKey: [...PERMISSION_GRANTS_QUERY_KEY, query.providerName, query.providerKey],
    queryFn: () => getPermissionGrants(query),
    // Always the current grants when the dialog opens; an old copy could revoke a newer grant.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePermissionGrants(query: PermissionGrantsQuery) {
  return useQuery(permissionGrantsQueryOptions(query));
}
