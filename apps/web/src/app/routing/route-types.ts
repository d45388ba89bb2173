import type { ComponentType } from 'react';

/** Public screens need no sign-in; protected ones sit behind `RequireAuth`. */
export type RouteGroup = 'public' | 'protected';

/** Side-navigation sections, in display order. `support` is the bottom block of links. */
export const NAV_SECTIONS = ['general', 'subscription', 'enterprise', 'administration', 'support'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/**
 * The plug-and-play product's own navigation (issue 17; spec §2 entries general, account,
 * subscription, billing, users, docs, forum, help, logout): a household's screens only, with no
 * enterprise or administration entries whatever a role grants. Forum, help and logout are links of
 * the support block (side-nav-entries.tsx).
 */
export const PLUG_AND_PLAY_NAV_ROUTES: ReadonlySet<string> = new Set([
  'dashboard',
  'citizens',
  'devices',
  'account',
  'billing',
  'users',
  'guides',
]);

export interface AppRoute {
  name: string;
  path: string;
  /** Key in the `translation` namespace; used as the screen title. */
  titleKey: string;
  group: RouteGroup;
  /**
   * Permission a signed-in user needs to see a protected screen and its navigation entry. Protected
   * screens without one (account, guides) need only a signed-in user.
   */
  permission?: string;
  /**
   * The permission a plug-and-play user (a household's people) needs instead: the screen at this
   * path is the household's own (`/users`: its members, not the tenant's user management).
   */
  plugAndPlayPermission?: string;
  /**
   * A toggle feature (`Homeward.Screens.*`) that must be on for the tenant: when a tenant has the
   * screen switched off, its entry is hidden and the screen shows "no access".
   */
  feature?: string;
  /**
   * Present when the route has a side-navigation entry. `signedInOnly`: a public screen whose entry
   * only a signed-in user sees, so that its icon can be one of the lazily loaded signed-in icons.
   */
  nav?: { section: NavSection; icon: ComponentType; labelKey?: string; signedInOnly?: boolean };
}
