import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationUnitEndpoints } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every organization-unit query (tree, members, roles); every unit write invalidates it. */
export const ORGANIZATION_UNITS_QUERY_KEY = ['identity', 'organization-units'] as const;

/** GET /api/identity/organization-units: every unit of the tenant, ordered by code. */
export function getOrganizationUnits() {
  return callEndpoint(organizationUnitEndpoints.tree);
}

export const organizationUnitsQueryOptions = queryOptions({
  queryKey: [...ORGANIZATION_UNITS_QUERY_KEY, 'tree'],
  queryFn: getOrganizationUnits,
});

export function useOrganizationUnits() {
  return useQuery(organizationUnitsQueryOptions);
}
