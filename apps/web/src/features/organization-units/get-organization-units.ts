import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { zOrganizationUnitTreeResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';

/** Prefix of every organization-unit query (tree, members, roles); every unit write invalidates it. */
export const ORGANIZATION_UNITS_QUERY_KEY = ['identity', 'organization-units'] as const;
export const ORGANIZATION_UNITS_PATH = '/api/identity/organization-units';

/** GET /api/identity/organization-units: every unit of the tenant, ordered by code. */
export function getOrganizationUnits(): Promise<z.infer<typeof zOrganizationUnitTreeResponse>> {
  return apiFetch(ORGANIZATION_UNITS_PATH);
}

export const organizationUnitsQueryOptions = queryOptions({
  queryKey: [...ORGANIZATION_UNITS_QUERY_KEY, 'tree'],
  queryFn: getOrganizationUnits,
});

export function useOrganizationUnits() {
  return useQuery(organizationUnitsQueryOptions);
}
