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
   * A toggle feature (`Homeward.Screens.*`) that must be on for the tenant: when a tenant has the
   * screen switched off, its entry is hidden and the screen shows "no access".
   */
  feature?: string;
  /** Present when the route has a side-navigation entry. */
  nav?: { section: NavSection; icon: ComponentType; labelKey?: string };
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
  // "Docs" in the navigation (spec §2 navigation entries).
  {
    name: 'guides',
    path: '/guides',
    titleKey: 'routes.guides',
    group: 'protected',
    nav: { section: 'support', icon: signedInNavIcon('MenuBookIcon'), labelKey: 'nav.docs' },
  },
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

export function routeAt(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

export function routePath(name: RouteName): string {
  const route = APP_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path;
}
