import { lazy, Suspense } from 'react';
import { TENANT_FILTER_PERMISSION } from '../api/tenant-filter-header';
import { usePermission } from '../auth/permissions';
import { useAppConfiguration } from '../configuration/get-app-configuration';
import { WithQueryClient } from '../query/with-query-client';

// MUI's select and text field are a chunk of their own: nobody on the home route needs them.
const TenantFilterSelect = lazy(() =>
  import('./tenant-filter-select').then((m) => ({ default: m.TenantFilterSelect })),
);

/**
 * The host's tenant filter (spec §6): All tenants, the host, or one tenant. The choice is kept in
 * the app store (persisted), `apiFetch` sends it with every call, and changing it reloads every
 * query so each screen shows the new scope. Tenant users never see it.
 */
export function TenantFilter() {
  const { currentUser } = useAppConfiguration();
  const permitted = usePermission(TENANT_FILTER_PERMISSION);
  const isHost = currentUser !== null && currentUser.tenantId === null;
  if (!isHost || !permitted) return null;
  return (
    <Suspense fallback={null}>
      <WithQueryClient>
        <TenantFilterSelect />
      </WithQueryClient>
    </Suspense>
  );
}
