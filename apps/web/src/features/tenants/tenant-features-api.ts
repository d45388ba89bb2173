import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tenantEndpoints,
  type TenantFeaturesResponse,
  type UpdateTenantFeaturesRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { TENANTS_QUERY_KEY } from './get-tenants';

const featuresKey = (tenantId: string) => [...TENANTS_QUERY_KEY, tenantId, 'features'] as const;

/** GET /api/tenants/:id/features: every feature with the tenant's value and the default. */
export function getTenantFeatures(tenantId: string): Promise<TenantFeaturesResponse> {
  return callEndpoint(tenantEndpoints.features, { params: { id: tenantId } });
}

/** PUT /api/tenants/:id/features. */
export function updateTenantFeatures(
  tenantId: string,
  values: UpdateTenantFeaturesRequest,
): Promise<TenantFeaturesResponse> {
  return callEndpoint(tenantEndpoints.updateFeatures, { params: { id: tenantId }, body: values });
}

export function useTenantFeatures(tenantId: string) {
  return useQuery({ queryKey: featuresKey(tenantId), queryFn: () => getTenantFeatures(tenantId), gcTime: 0 });
}

export function useUpdateTenantFeatures(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateTenantFeaturesRequest) => updateTenantFeatures(tenantId, values),
    // Lists show national login, and the features shape what the signed-in host sees of a tenant.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
