import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  tenantEndpoints,
  type PagedRequest,
  type TenantKind,
  type TenantListResponse,
  type TenantLookup,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every tenants query; tenant mutations invalidate it (the filter's lookup too). */
export const TENANTS_QUERY_KEY = ['tenants'] as const;

/** GET /api/tenants: one page of tenants, of one kind or of both. */
export function getTenants(request: PagedRequest & { kind?: TenantKind }): Promise<TenantListResponse> {
  return callEndpoint(tenantEndpoints.list, { query: request });
}

/**
 * GET /api/tenants/lookup: every organization by name for the tenant filter, plus the tenant the
 * filter names (a household chosen on the tenants screen), whatever its kind.
 */
export function getTenantLookup(include?: string): Promise<{ items: TenantLookup[] }> {
  return callEndpoint(tenantEndpoints.lookup, { query: { include } });
}

export function tenantLookupQueryOptions(include?: string) {
  return queryOptions({
    queryKey: [...TENANTS_QUERY_KEY, 'lookup', include ?? null],
    queryFn: () => getTenantLookup(include),
  });
}

export function useTenantLookup(enabled: boolean, include?: string) {
  return useQuery({ ...tenantLookupQueryOptions(include), enabled });
}
