import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceEndpoints, type DeviceOrganizationOptions } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/organization-options: the organizations a device can belong to. */
export function getDeviceOrganizations(): Promise<DeviceOrganizationOptions> {
  return callEndpoint(deviceEndpoints.organizationOptions);
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
