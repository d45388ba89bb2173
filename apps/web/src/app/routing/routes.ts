import { matchPath } from 'react-router';
import { ADMINISTRATION_ROUTES } from './administration-routes';
import { ENTERPRISE_ROUTES } from './enterprise-routes';
import { GENERAL_ROUTES } from './general-routes';
import type { AppRoute } from './route-types';
import { SUPPORT_ROUTES } from './support-routes';

export { NAV_SECTIONS, PLUG_AND_PLAY_NAV_ROUTES } from './route-types';
export type { AppRoute, NavSection, RouteGroup } from './route-types';

/**
 * Every screen of spec §2. Router and side navigation are both built from this list, so a route
 * cannot exist without its title, and an entry cannot point nowhere.
 */
export const APP_ROUTES = [
  ...GENERAL_ROUTES,
  ...ENTERPRISE_ROUTES,
  ...ADMINISTRATION_ROUTES,
  ...SUPPORT_ROUTES,
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof APP_ROUTES)[number]['name'];

/** Whether the route's feature (if any) is on; a feature missing from the configuration counts as on. */
export function isRouteFeatureOn(
  route: Pick<AppRoute, 'feature'> | undefined,
  features: Readonly<Record<string, string | number | boolean>>,
): boolean {
  return route?.feature === undefined || features[route.feature] !== false;
}

/** The permission the route asks of this user: a plug-and-play user's own where the route has one. */
export function routePermission(
  route: Pick<AppRoute, 'permission' | 'plugAndPlayPermission'> | undefined,
  isPlugAndPlay: boolean,
): string | undefined {
  return (isPlugAndPlay ? route?.plugAndPlayPermission : undefined) ?? route?.permission;
}

/** The route whose path pattern matches `pathname`, such as `citizenDetail` for `/citizens/42`. */
export function routeAt(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export function routePath(name: RouteName): string {
  const route = APP_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path;
}
