import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleEndpoints, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every roles query; role mutations invalidate it. */
export const ROLES_QUERY_KEY = ['identity', 'roles'] as const;

/** GET /api/identity/roles: one page of the tenant's roles. */
export function getRoles(request: PagedRequest) {
  return callEndpoint(roleEndpoints.list, { query: request });
}

/** GET /api/identity/roles/all: every role, for pickers. */
export function getAllRoles() {
  return callEndpoint(roleEndpoints.all);
}

export const allRolesQueryOptions = queryOptions({
  queryKey: [...ROLES_QUERY_KEY, 'all'],
  queryFn: getAllRoles,
});

export function useAllRoles() {
  return useQuery(allRolesQueryOptions);
}
