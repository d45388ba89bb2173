import { matchPath } from 'react-router';
import type { ComponentType } from 'react';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import GavelIcon from '@mui/icons-material/Gavel';
import InfoIcon from '@mui/icons-material/Info';
import LoginIcon from '@mui/icons-material/Login';
import { signedInNavIcon } from './nav-icon';

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
   * screens without one (account, billing, guides) need only a signed-in user.
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

/**
 * Every screen of spec §2. Router and side navigation are both built from this list, so a route
 * cannot exist without its title, and an entry cannot point nowhere.
 */
export const APP_ROUTES = [
  { name: 'home', path: '/', titleKey: 'routes.home', group: 'public' },
  { name: 'registration', path: '/registration', titleKey: 'routes.registration', group: 'public' },
  {
    name: 'login',
    path: '/login',
    titleKey: 'routes.login',
    group: 'public',
    nav: { section: 'support', icon: LoginIcon },
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    titleKey: 'routes.dashboard',
    group: 'protected',
    permission: 'Homeward.Dashboard',
    nav: { section: 'general', icon: signedInNavIcon('DashboardIcon') },
  },
  {
    name: 'citizens',
    path: '/citizens',
    titleKey: 'routes.citizens',
    group: 'protected',
    permission: 'Homeward.Citizens',
    nav: { section: 'general', icon: signedInNavIcon('ElderlyIcon') },
  },
  {
    name: 'citizenDetail',
    path: '/citizens/:id',
    titleKey: 'routes.citizenDetail',
    group: 'protected',
    permission: 'Homeward.Citizens',
  },
  {
    name: 'devices',
    path: '/devices',
    titleKey: 'routes.devices',
    group: 'protected',
    permission: 'Homeward.Devices',
    nav: { section: 'general', icon: signedInNavIcon('WatchIcon') },
  },
  {
    name: 'deviceTerminal',
    path: '/devices/:id/terminal',
    titleKey: 'routes.deviceTerminal',
    group: 'protected',
    permission: 'Homeward.Devices',
  },
  {
    name: 'geofence',
    path: '/geofence',
    titleKey: 'routes.geofence',
    group: 'protected',
    permission: 'Homeward.Geofences',
    nav: { section: 'general', icon: signedInNavIcon('FenceIcon') },
  },
  {
    name: 'account',
    path: '/account',
    titleKey: 'routes.account',
    group: 'protected',
    nav: { section: 'subscription', icon: signedInNavIcon('AccountCircleIcon') },
  },
  {
    // The link in the account-transfer e-mail (step 2 of transfer-user): the receiver accepts.
    name: 'accountTransfer',
    path: '/account/transfer/:fromUserId/:toUserId',
    titleKey: 'routes.accountTransfer',
    group: 'protected',
  },
  {
    name: 'billing',
    path: '/subscription/billing',
    titleKey: 'routes.billing',
    group: 'protected',
    nav: { section: 'subscription', icon: signedInNavIcon('CreditCardIcon') },
  },
  {
    name: 'customers',
    path: '/customers',
    titleKey: 'routes.customers',
    group: 'protected',
    permission: 'Homeward.Customers',
    feature: 'Homeward.Screens.Customers',
    nav: { section: 'enterprise', icon: signedInNavIcon('BusinessIcon') },
  },
  {
    name: 'customerDetail',
    path: '/customers/:id',
    titleKey: 'routes.customerDetail',
    group: 'protected',
    permission: 'Homeward.Customers',
    feature: 'Homeward.Screens.Customers',
  },
  // The path is spelt this way in the product (spec §2); links and bookmarks depend on it.
  {
    name: 'organizations',
    path: '/organizaitons',
    titleKey: 'routes.organizations',
    group: 'protected',
    permission: 'Homeward.Organizations',
    feature: 'Homeward.Screens.Organizations',
    nav: { section: 'enterprise', icon: signedInNavIcon('ApartmentIcon') },
  },
  {
    name: 'contactPeople',
    path: '/contact-people',
    titleKey: 'routes.contactPeople',
    group: 'protected',
    permission: 'Homeward.ContactPeople',
    feature: 'Homeward.Screens.Organizations',
    nav: { section: 'enterprise', icon: signedInNavIcon('ContactPhoneIcon') },
  },
  {
    name: 'invoices',
    path: '/invoices',
    titleKey: 'routes.invoices',
    group: 'protected',
    permission: 'Homeward.Invoices',
    feature: 'Homeward.Screens.Invoices',
    nav: { section: 'enterprise', icon: signedInNavIcon('ReceiptLongIcon') },
  },
  {
    name: 'tenants',
    path: '/tenants',
    titleKey: 'routes.tenants',
    group: 'protected',
    permission: 'Homeward.Tenants',
    nav: { section: 'enterprise', icon: signedInNavIcon('AccountTreeIcon') },
  },
  {
    name: 'wifi',
    path: '/wifis',
    titleKey: 'routes.wifi',
    group: 'protected',
    permission: 'Homeward.WifiNetworks',
    feature: 'Homeward.Screens.Wifi',
    nav: { section: 'enterprise', icon: signedInNavIcon('WifiIcon') },
  },
  {
    name: 'simCards',
    path: '/simcards',
    titleKey: 'routes.simCards',
    group: 'protected',
    permission: 'Homeward.SimCards',
    feature: 'Homeward.Screens.SimCards',
    nav: { section: 'enterprise', icon: signedInNavIcon('SimCardIcon') },
  },
  {
    name: 'accessories',
    path: '/accessories',
    titleKey: 'routes.accessories',
    group: 'protected',
    permission: 'Homeward.Accessories',
    feature: 'Homeward.Screens.Accessories',
    nav: { section: 'enterprise', icon: signedInNavIcon('ExtensionIcon') },
  },
  {
    name: 'deviceAdministration',
    path: '/device-administration',
    titleKey: 'routes.deviceAdministration',
    group: 'protected',
    permission: 'Homeward.DeviceAdministration',
    feature: 'Homeward.Screens.DeviceAdministration',
    nav: { section: 'enterprise', icon: signedInNavIcon('BuildIcon') },
  },
  {
    name: 'users',
    path: '/users',
    titleKey: 'routes.users',
    group: 'protected',
    permission: 'Homeward.Users',
    plugAndPlayPermission: 'Homeward.HouseholdMembers',
    nav: { section: 'administration', icon: signedInNavIcon('GroupIcon') },
  },
  {
    name: 'organizationUnits',
    path: '/identity-management/organization-units',
    titleKey: 'routes.organizationUnits',
    group: 'protected',
    permission: 'Homeward.OrganizationUnits',
    nav: { section: 'administration', icon: signedInNavIcon('AccountTreeIcon') },
  },
  {
    name: 'roles',
    path: '/identity-management/roles',
    titleKey: 'routes.roles',
    group: 'protected',
    permission: 'Homeward.Roles',
    nav: { section: 'administration', icon: signedInNavIcon('AdminPanelSettingsIcon') },
  },
  {
    name: 'identityUsers',
    path: '/identity-management/users',
    titleKey: 'routes.identityUsers',
    group: 'protected',
    permission: 'Homeward.Users',
    nav: { section: 'administration', icon: signedInNavIcon('ManageAccountsIcon') },
  },
  {
    name: 'claimTypes',
    path: '/identity-management/claim-types',
    titleKey: 'routes.claimTypes',
    group: 'protected',
    permission: 'Homeward.ClaimTypes',
    nav: { section: 'administration', icon: signedInNavIcon('LabelIcon') },
  },
  {
    name: 'securityLogs',
    path: '/identity-management/security-logs',
    titleKey: 'routes.securityLogs',
    group: 'protected',
    permission: 'Homeward.SecurityLogs',
    nav: { section: 'administration', icon: signedInNavIcon('SecurityIcon') },
  },
  {
    name: 'languages',
    path: '/language-management/languages',
    titleKey: 'routes.languages',
    group: 'protected',
    permission: 'Homeward.Languages',
    nav: { section: 'administration', icon: signedInNavIcon('LanguageIcon') },
  },
  {
    name: 'languageTexts',
    path: '/language-management/texts',
    titleKey: 'routes.languageTexts',
    group: 'protected',
    permission: 'Homeward.Languages',
    nav: { section: 'administration', icon: signedInNavIcon('TranslateIcon') },
  },
  {
    name: 'settings',
    path: '/setting-management',
    titleKey: 'routes.settings',
    group: 'protected',
    permission: 'Homeward.Settings',
    nav: { section: 'administration', icon: signedInNavIcon('SettingsIcon') },
  },
  {
    name: 'auditLogs',
    path: '/audit-logs',
    titleKey: 'routes.auditLogs',
    group: 'protected',
    permission: 'Homeward.AuditLogs',
    nav: { section: 'administration', icon: signedInNavIcon('HistoryIcon') },
  },
  {
    name: 'messages',
    path: '/messages',
    titleKey: 'routes.messages',
    group: 'protected',
    permission: 'Homeward.Messages',
    feature: 'Homeward.Screens.Messages',
    nav: { section: 'administration', icon: signedInNavIcon('MessageIcon') },
  },
  {
    name: 'alarmTexts',
    path: '/alarm-texts',
    titleKey: 'routes.alarmTexts',
    group: 'protected',
    permission: 'Homeward.AlarmTexts',
    feature: 'Homeward.Screens.AlarmTexts',
    nav: { section: 'administration', icon: signedInNavIcon('NotificationsActiveIcon') },
  },
  {
    name: 'commandTemplates',
    path: '/command-templates',
    titleKey: 'routes.commandTemplates',
    group: 'protected',
    permission: 'Homeward.CommandTemplates',
    feature: 'Homeward.Screens.CommandTemplates',
    nav: { section: 'administration', icon: signedInNavIcon('TerminalIcon') },
  },
  // "Docs" in the navigation (spec §2 navigation entries); "Help" opens it at its help block.
  // Public, unlike the spec's protected group: a buyer reads "Connect a watch" before having an
  // account, and a user who cannot sign in needs help most (README "Guides"). An anonymous visitor
  // reaches them through "Help"; "Docs" (its icon not on the home route) is for signed-in users.
  {
    name: 'guides',
    path: '/guides',
    titleKey: 'routes.guides',
    group: 'public',
    nav: {
      section: 'support',
      icon: signedInNavIcon('MenuBookIcon'),
      labelKey: 'nav.docs',
      signedInOnly: true,
    },
  },
  { name: 'guide', path: '/guides/:slug', titleKey: 'routes.guides', group: 'public' },
  {
    name: 'imprint',
    path: '/imprint',
    titleKey: 'routes.imprint',
    group: 'public',
    nav: { section: 'support', icon: InfoIcon },
  },
  {
    name: 'contact',
    path: '/contact',
    titleKey: 'routes.contact',
    group: 'public',
    nav: { section: 'support', icon: ContactMailIcon },
  },
  {
    name: 'terms',
    path: '/terms',
    titleKey: 'routes.terms',
    group: 'public',
    nav: { section: 'support', icon: GavelIcon },
  },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof APP_ROUTES)[number]['name'];

/** The route whose path pattern matches `pathname`, such as `citizenDetail` for `/citizens/42`. */
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

export function routeAt(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export function routePath(name: RouteName): string {
  const route = APP_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path;
}
