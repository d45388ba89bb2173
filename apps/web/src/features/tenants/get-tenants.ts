import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedRequest, TenantKind, TenantListResponse, TenantLookup } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every tenants query; tenant mutations invalidate it (the filter's lookup too). */
export const TENANTS_QUERY_KEY = ['tenants'] as const;
export const TENANTS_PATH = '/api/tenants';

/** GET /api/tenants: one page of tenants, of one kind or of both. */
export function getTenants(request: PagedRequest & { kind?: TenantKind }): Promise<TenantListResponse> {
  return apiFetch(`${TENANTS_PATH}${toQueryString(request)}`);
}

/**
 * GET /api/tenants/lookup: every organization by name for the tenant filter, plus the tenant the
 * filter names (a household chosen on the tenants screen), whatever its kind.
 */
export function getTenantLookup(include?: string): Promise<{ items: TenantLookup[] }> {
  return apiFetch(`${TENANTS_PATH}/lookup${include ? `?include=${encodeURIComponent(include)}` : ''}`);
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
