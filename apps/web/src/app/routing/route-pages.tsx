import { lazy, type ReactElement } from 'react';
import { HomePage } from '../../features/home/home-page';
import type { RouteName } from './routes';

/*
 * Only the home page is in the initial bundle; every other screen is its own chunk, loaded when
 * first visited (budget: 170 KB gzip of JS on the home route, printed by `npm run bench:startup`).
 */
const RegistrationPage = lazy(() =>
  import('../../features/registration/registration-page').then((m) => ({ default: m.RegistrationPage })),
);
const ImprintPage = lazy(() =>
  import('../../features/legal/imprint-page').then((m) => ({ default: m.ImprintPage })),
);
const ContactPage = lazy(() =>
  import('../../features/legal/contact-page').then((m) => ({ default: m.ContactPage })),
);
const TermsPage = lazy(() =>
  import('../../features/legal/terms-page').then((m) => ({ default: m.TermsPage })),
);
const PendingScreenPage = lazy(() =>
  import('../../features/pending-screen/pending-screen-page').then((m) => ({ default: m.PendingScreenPage })),
);
// Identity management: each screen its own chunk, so the DataGrid never reaches the home route.
const UserListPage = lazy(() =>
  import('../../features/identity-users/user-list-page').then((m) => ({ default: m.UserListPage })),
);
const RoleListPage = lazy(() =>
  import('../../features/roles/role-list-page').then((m) => ({ default: m.RoleListPage })),
);
const ClaimTypeListPage = lazy(() =>
  import('../../features/claim-types/claim-type-list-page').then((m) => ({ default: m.ClaimTypeListPage })),
);
const OrganizationUnitPage = lazy(() =>
  import('../../features/organization-units/organization-unit-page').then((m) => ({
    default: m.OrganizationUnitPage,
  })),
);
const OrganizationPage = lazy(() =>
  import('../../features/organizations/organization-page').then((m) => ({ default: m.OrganizationPage })),
);
const SecurityLogListPage = lazy(() =>
  import('../../features/security-logs/security-log-list-page').then((m) => ({
    default: m.SecurityLogListPage,
  })),
);
const TenantListPage = lazy(() =>
  import('../../features/tenants/tenant-list-page').then((m) => ({ default: m.TenantListPage })),
);
const AuditLogListPage = lazy(() =>
  import('../../features/audit-logs/audit-log-list-page').then((m) => ({ default: m.AuditLogListPage })),
);
const SettingManagementPage = lazy(() =>
  import('../../features/settings/setting-management-page').then((m) => ({
    default: m.SettingManagementPage,
  })),
);
const LanguageListPage = lazy(() =>
  import('../../features/languages/language-list-page').then((m) => ({ default: m.LanguageListPage })),
);
const LanguageTextsPage = lazy(() =>
  import('../../features/languages/language-texts-page').then((m) => ({ default: m.LanguageTextsPage })),
);
const CommandTemplateListPage = lazy(() =>
  import('../../features/command-templates/command-template-list-page').then((m) => ({
    default: m.CommandTemplateListPage,
  })),
);
const WifiNetworkListPage = lazy(() =>
  import('../../features/wifi-networks/wifi-network-list-page').then((m) => ({
    default: m.WifiNetworkListPage,
  })),
);
// Leaflet (and its CSS) travels in this chunk only: the home route stays small.
const GeofenceListPage = lazy(() =>
  import('../../features/geofences/geofence-list-page').then((m) => ({ default: m.GeofenceListPage })),
);
const CustomerListPage = lazy(() =>
  import('../../features/customers/customer-list-page').then((m) => ({ default: m.CustomerListPage })),
);
const CustomerDetailPage = lazy(() =>
  import('../../features/customers/customer-detail-page').then((m) => ({ default: m.CustomerDetailPage })),
);
const ContactPeopleListPage = lazy(() =>
  import('../../features/contact-people/contact-people-list-page').then((m) => ({
    default: m.ContactPeopleListPage,
  })),
);
const ProductListPage = lazy(() =>
  import('../../features/products/product-list-page').then((m) => ({ default: m.ProductListPage })),
);
const CitizenListPage = lazy(() =>
  import('../../features/citizens/citizen-list-page').then((m) => ({ default: m.CitizenListPage })),
);
const CitizenDetailPage = lazy(() =>
  import('../../features/citizens/detail/citizen-detail-page').then((m) => ({
    default: m.CitizenDetailPage,
  })),
);
const DashboardPage = lazy(() => import('../../features/dashboard/dashboard-page'));
const DeviceListPage = lazy(() =>
  import('../../features/devices/device-list-page').then((m) => ({ default: m.DeviceListPage })),
);
const DeviceTerminalPage = lazy(() =>
  import('../../features/devices/terminal/device-terminal-page').then((m) => ({
    default: m.DeviceTerminalPage,
  })),
);
const AlarmTextsPage = lazy(() =>
  import('../../features/alarm-texts/alarm-texts-page').then((m) => ({ default: m.AlarmTextsPage })),
);
const MessagesPage = lazy(() =>
  import('../../features/messages/messages-page').then((m) => ({ default: m.MessagesPage })),
);
const AccountPage = lazy(() => import('../../features/account/account-page'));
export const NotFoundPage = lazy(() =>
  import('../../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** Screens that exist already. Later issues add their pages here; the rest show the pending screen. */
const PAGES: Partial<Record<RouteName, () => ReactElement>> = {
  home: () => <HomePage />,
  registration: () => <RegistrationPage mode="registration" />,
  login: () => <RegistrationPage mode="login" />,
  imprint: () => <ImprintPage />,
  contact: () => <ContactPage />,
  terms: () => <TermsPage />,
  dashboard: () => <DashboardPage />,
  devices: () => <DeviceListPage />,
  account: () => <AccountPage />,
  identityUsers: () => <UserListPage />,
  roles: () => <RoleListPage />,
  claimTypes: () => <ClaimTypeListPage />,
  organizationUnits: () => <OrganizationUnitPage />,
  geofence: () => <GeofenceListPage />,
  organizations: () => <OrganizationPage />,
  securityLogs: () => <SecurityLogListPage />,
  languages: () => <LanguageListPage />,
  languageTexts: () => <LanguageTextsPage />,
  settings: () => <SettingManagementPage />,
  tenants: () => <TenantListPage />,
  auditLogs: () => <AuditLogListPage />,
  wifi: () => <WifiNetworkListPage />,
  customers: () => <CustomerListPage />,
  customerDetail: () => <CustomerDetailPage />,
  contactPeople: () => <ContactPeopleListPage />,
  accessories: () => <ProductListPage />,
  citizens: () => <CitizenListPage />,
  citizenDetail: () => <CitizenDetailPage />,
  commandTemplates: () => <CommandTemplateListPage />,
  deviceTerminal: () => <DeviceTerminalPage />,
  alarmTexts: () => <AlarmTextsPage />,
  messages: () => <MessagesPage />,
};

export function pageFor(name: RouteName, titleKey: string): ReactElement {
  return PAGES[name]?.() ?? <PendingScreenPage key={name} titleKey={titleKey} />;
}
