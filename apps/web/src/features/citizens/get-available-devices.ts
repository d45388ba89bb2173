import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableDevices, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';
import { CITIZENS_PATH, CITIZENS_QUERY_KEY } from './get-citizens';

/** Watches one look at the available panel shows; the search narrows the rest down. */
export const AVAILABLE_DEVICES_PAGE = 50;

/** GET /api/citizens/available-devices: the tenant's watches that no citizen wears. */
export function getAvailableDevices(request: PagedRequest): Promise<AvailableDevices> {
  return apiFetch(`${CITIZENS_PATH}/available-devices${toQueryString(request)}`);
}

export const availableDevicesQueryOptions = (filter: string) =>
  queryOptions({
    queryKey: [...CITIZENS_QUERY_KEY, 'available-devices', filter],
    queryFn: () =>
      getAvailableDevices({
        maxResultCount: AVAILABLE_DEVICES_PAGE,
        sorting: 'name asc',
        filter: filter || undefined,
      }),
    placeholderData: keepPreviousData,
  });

export function useAvailableDevices(filter: string) {
  return useQuery(availableDevicesQueryOptions(filter));
}
