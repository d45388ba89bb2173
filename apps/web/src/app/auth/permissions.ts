import type { ReactNode } from 'react';
import { useLoadedConfiguration } from '../configuration/get-app-configuration';

/*
 * The SPA hides what the signed-in user may not do (DESIGN §5); the server refuses it anyway.
 * Grants come from the app configuration's `grantedPolicies`, which is refreshed whenever the
 * signed-in user changes or renews their token.
 */

const NONE: Record<string, boolean> = Object.freeze({});

/** The current user's granted permissions (empty for an anonymous visitor). */
export function useGrantedPolicies(): Record<string, boolean> {
  // Reads the loaded configuration only: the bootstrap gate owns fetching it.
  return useLoadedConfiguration()?.grantedPolicies ?? NONE;
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
