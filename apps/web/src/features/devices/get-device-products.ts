import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceEndpoints, type DeviceProductOptions } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/product-options: the device families a watch can be registered as. */
export function getDeviceProducts(): Promise<DeviceProductOptions> {
  return callEndpoint(deviceEndpoints.productOptions);
}

export const deviceProductsQueryOptions = queryOptions({
  queryKey: [...DEVICES_QUERY_KEY, 'product-options'],
  queryFn: getDeviceProducts,
});

/** The product picker's choices, each with its Stella-ID prefix (empty while loading). */
export function useDeviceProductOptions(): SelectOption[] {
  const { data } = useQuery(deviceProductsQueryOptions);
  return (data?.items ?? []).map((product) => ({
    value: product.id,
    label: product.stellaIdPrefix ? `${product.name} (${product.stellaIdPrefix})` : product.name,
  }));
}
