import LoginIcon from '@mui/icons-material/Login';
import { signedInNavIcon } from './nav-icon';
import type { AppRoute } from './route-types';

/** The public start (home, registration, sign-in) and the screens of the care work and of the account. */
export const GENERAL_ROUTES = [
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
    name: 'alarms',
    path: '/alarms',
    titleKey: 'routes.alarms',
    group: 'protected',
    permission: 'Homeward.Alarms',
    nav: { section: 'general', icon: signedInNavIcon('NotificationImportantIcon') },
  },
  {
    // One alarm with its timeline: where a Web Push notification of it opens.
    name: 'alarmDetail',
    path: '/alarms/:id',
    titleKey: 'routes.alarmDetail',
    group: 'protected',
    permission: 'Homeward.Alarms',
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
    name: 'liveMap',
    path: '/map',
    titleKey: 'routes.liveMap',
    group: 'protected',
    permission: 'Homeward.Citizens',
    nav: { section: 'general', icon: signedInNavIcon('MapIcon') },
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
    // Only a household's owner pays: members and staff hold no billing permission (the API answers
    // them 403), so they get no entry and the usual "no access" screen.
    permission: 'Homeward.Billing',
    nav: { section: 'subscription', icon: signedInNavIcon('CreditCardIcon') },
  },
] as const satisfies readonly AppRoute[];
