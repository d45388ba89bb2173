import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PagedRequest, zAllRolesResponse, zRoleListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every roles query; role mutations invalidate it. */
export const ROLES_QUERY_KEY = ['identity', 'roles'] as const;
const ROLES_PATH = '/api/identity/roles';

/** GET /api/identity/roles: one page of the tenant's roles. */
export function getRoles(request: PagedRequest): Promise<z.infer<typeof zRoleListResponse>> {
  return apiFetch(`${ROLES_PATH}${toQueryString(request)}`);
}

/** GET /api/identity/roles/all: every role, for pickers. */
export function getAllRoles(): Promise<z.infer<typeof zAllRolesResponse>> {
  return apiFetch(`${ROLES_PATH}/all`);
}

export const allRolesQueryOptions = queryOptions({
  queryKey: [...ROLES_QUERY_KEY, 'all'],
  queryFn: getAllRoles,
});

export function useAllRoles() {
  return useQuery(allRolesQueryOptions);
}
