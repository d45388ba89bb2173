import type { AppState } from '../state/app-store';

/** The permission that lets a host user scope their view to one tenant, the host or all tenants. */
export const TENANT_FILTER_PERMISSION = 'Homeward.Tenants.Filter';

/**
 * The tenant filter to send with an API call, or undefined for none. Only a signed-in host user
 * holding the filter permission sends one; a tenant user's stored value (left from a host session
 * in the same browser) is never sent, as their scope is always their own tenant.
 */
export function tenantFilterHeaderOf(
  state: Pick<AppState, 'tenantFilter' | 'currentUser' | 'grantedPolicies'>,
): string | undefined {
  if (state.tenantFilter === null || !state.currentUser || state.currentUser.tenantId !== null)
    return undefined;
  return state.grantedPolicies[TENANT_FILTER_PERMISSION] === true ? state.tenantFilter : undefined;
}
