import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppConfiguration } from '@homeward/contracts';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';

/*
 * The SPA hides what the signed-in user may not do (DESIGN §5); the server refuses it anyway.
 * Grants come from the app configuration's `grantedPolicies`, which is refreshed whenever the
 * signed-in user changes or renews their token.
 */

function grantedPoliciesOf(configuration: AppConfiguration): Record<string, boolean> {
  return configuration.grantedPolicies;
}

/** The current user's granted permissions (empty for an anonymous visitor). */
export function useGrantedPolicies(): Record<string, boolean> {
  // Reads the cache only: the bootstrap gate owns fetching, so this never starts a request itself.
  const { data } = useQuery({ ...appConfigurationQueryOptions, enabled: false, select: grantedPoliciesOf });
  return data ?? {};
}

/** True when the current user holds `permission`, such as `Homeward.Devices.Create`. No name means allowed. */
export function usePermission(permission: string | undefined): boolean {
  const granted = useGrantedPolicies();
  return permission === undefined || granted[permission] === true;
}

/** Renders `children` only for a user holding `permission`, else `fallback` (nothing by default). */
export function IfPermitted({
  permission,
  children,
  fallback = null,
}: {
  permission: string;
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  return usePermission(permission) ? children : fallback;
}
