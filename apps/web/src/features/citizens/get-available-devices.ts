import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { citizenEndpoints, type AvailableDevices, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { CITIZENS_QUERY_KEY } from './get-citizens';

/** Watches one look at the available panel shows; the search narrows the rest down. */
export const AVAILABLE_DEVICES_PAGE = 50;

/** GET /api/citizens/available-devices: the tenant's watches that no citizen wears. */
export function getAvailableDevices(request: PagedRequest): Promise<AvailableDevices> {
  return callEndpoint(citizenEndpoints.availableDevices, { query: request });
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
