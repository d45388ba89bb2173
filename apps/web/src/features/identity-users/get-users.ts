import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every identity-user query; user mutations invalidate it. */
export const USERS_QUERY_KEY = ['identity', 'users'] as const;

/** GET /api/identity/users: one page, searched on user name, name and e-mail. */
export function getUsers(request: PagedRequest) {
  return callEndpoint(userEndpoints.list, { query: request });
}

/** GET /api/identity/users/:id/roles. */
export function getUserRoles(id: string) {
  return callEndpoint(userEndpoints.roles, { params: { id } });
}

/** GET /api/identity/users/:id/organization-units. */
export function getUserOrganizationUnits(id: string) {
  return callEndpoint(userEndpoints.organizationUnits, { params: { id } });
}

/** GET /api/identity/users/assignable-roles: the roles the caller may give. */
export function getAssignableRoles() {
  return callEndpoint(userEndpoints.assignableRoles);
}

export const assignableRolesQueryOptions = queryOptions({
  queryKey: [...USERS_QUERY_KEY, 'assignable-roles'],
  queryFn: getAssignableRoles,
});

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions);
}
