import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceOrganizationOptions } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/organization-options: the organizations a device can belong to. */
export function getDeviceOrganizations(): Promise<DeviceOrganizationOptions> {
  return apiFetch('/api/devices/organization-options');
}

export const deviceOrganizationsQueryOptions = queryOptions({
  queryKey: [...DEVICES_QUERY_KEY, 'organization-options'],
  queryFn: getDeviceOrganizations,
});

/** The choices of the organization pickers and filter (empty while loading). */
export function useDeviceOrganizationOptions(): SelectOption[] {
  const { data } = useQuery(deviceOrganizationsQueryOptions);
  return (data?.items ?? []).map((unit) => ({ value: unit.id, label: unit.displayName }));
}
