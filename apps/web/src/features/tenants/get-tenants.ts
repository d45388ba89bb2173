import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedRequest, TenantListResponse, TenantLookup } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every tenants query; tenant mutations invalidate it (the filter's lookup too). */
export const TENANTS_QUERY_KEY = ['tenants'] as const;
export const TENANTS_PATH = '/api/tenants';

/** GET /api/tenants: one page of tenants. */
export function getTenants(request: PagedRequest): Promise<TenantListResponse> {
  return apiFetch(`${TENANTS_PATH}${toQueryString(request)}`);
}

/** GET /api/tenants/lookup: every tenant by name, for the tenant filter. */
export function getTenantLookup(): Promise<{ items: TenantLookup[] }> {
  return apiFetch(`${TENANTS_PATH}/lookup`);
}

export const tenantLookupQueryOptions = queryOptions({
  queryKey: [...TENANTS_QUERY_KEY, 'lookup'],
  queryFn: getTenantLookup,
});

export function useTenantLookup(enabled: boolean) {
  return useQuery({ ...tenantLookupQueryOptions, enabled });
}
