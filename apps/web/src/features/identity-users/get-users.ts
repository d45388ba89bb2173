import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PagedRequest,
  UserListResponse,
  zAssignableRolesResponse,
  zUserOrganizationUnitsResponse,
  zUserRolesResponse,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every identity-user query; user mutations invalidate it. */
export const USERS_QUERY_KEY = ['identity', 'users'] as const;
export const USERS_PATH = '/api/identity/users';

/** GET /api/identity/users: one page, searched on user name, name and e-mail. */
export function getUsers(request: PagedRequest): Promise<UserListResponse> {
  return apiFetch(`${USERS_PATH}${toQueryString(request)}`);
}

/** GET /api/identity/users/:id/roles. */
export function getUserRoles(id: string): Promise<z.infer<typeof zUserRolesResponse>> {
  return apiFetch(`${USERS_PATH}/${id}/roles`);
}

/** GET /api/identity/users/:id/organization-units. */
export function getUserOrganizationUnits(
  id: string,
): Promise<z.infer<typeof zUserOrganizationUnitsResponse>> {
  return apiFetch(`${USERS_PATH}/${id}/organization-units`);
}

/** GET /api/identity/users/assignable-roles: the roles the caller may give. */
export function getAssignableRoles(): Promise<z.infer<typeof zAssignableRolesResponse>> {
  return apiFetch(`${USERS_PATH}/assignable-roles`);
}

export const assignableRolesQueryOptions = queryOptions({
  queryKey: [...USERS_QUERY_KEY, 'assignable-roles'],
  queryFn: getAssignableRoles,
});

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions);
}
