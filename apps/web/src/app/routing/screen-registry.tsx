import { lazy, type ComponentType, type ReactElement } from 'react';
import { loadQueryClient, WithQueryClient } from '../query/with-query-client';
import type { RouteName } from './routes';

/*
 * Every screen but home, each its own chunk, loaded when first visited. This registry is a chunk
 * of its own too (route-pages.tsx): the anonymous home route does not carry the 30-odd chunk
 * imports and their lists of chunks to preload. Screens that use react-query load it alongside
 * their chunk, in parallel (with-query-client.tsx); the legal, pending and not-found screens need
 * nothing but their texts and the configuration.
 */

function page<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/** A screen that uses react-query: its chunk and react-query load in parallel, then it renders. */
function screen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadQueryClient()]);
    const Picked = pick(module);
    return {
      default: function ScreenWithQueries(props: P) {
        return (
          <WithQueryClient>
            <Picked {...props} />
          </WithQueryClient>
        );
      },
    };
  });
}

const RegistrationPage = screen(
  () => import('../../features/registration/registration-page'),
  (m) => m.RegistrationPage,
);
const ImprintPage = page(
  () => import('../../features/legal/imprint-page'),
  (m) => m.ImprintPage,
);
const ContactPage = page(
  () => import('../../features/legal/contact-page'),
  (m) => m.ContactPage,
);
const TermsPage = page(
  () => import('../../features/legal/terms-page'),
  (m) => m.TermsPage,
);
const PendingScreenPage = page(
  () => import('../../features/pending-screen/pending-screen-page'),
  (m) => m.PendingScreenPage,
);
const UserListPage = screen(
  () => import('../../features/identity-users/user-list-page'),
  (m) => m.UserListPage,
);
const RoleListPage = screen(
  () => import('../../features/roles/role-list-page'),
  (m) => m.RoleListPage,
);
const ClaimTypeListPage = screen(
  () => import('../../features/claim-types/claim-type-list-page'),
  (m) => m.ClaimTypeListPage,
);
const OrganizationUnitPage = screen(
  () => import('../../features/organization-units/organization-unit-page'),
  (m) => m.OrganizationUnitPage,
);
const OrganizationPage = screen(
  () => import('../../features/organizations/organization-page'),
  (m) => m.OrganizationPage,
);
const SecurityLogListPage = screen(
  () => import('../../features/security-logs/security-log-list-page'),
  (m) => m.SecurityLogListPage,
);
const TenantListPage = screen(
  () => import('../../features/tenants/tenant-list-page'),
  (m) => m.TenantListPage,
);
const AuditLogListPage = screen(
  () => import('../../features/audit-logs/audit-log-list-page'),
  (m) => m.AuditLogListPage,
);
const SettingManagementPage = screen(
  () => import('../../features/settings/setting-management-page'),
  (m) => m.SettingManagementPage,
);
const LanguageListPage = screen(
  () => import('../../features/languages/language-list-page'),
  (m) => m.LanguageListPage,
);
const LanguageTextsPage = screen(
  () => import('../../features/languages/language-texts-page'),
  (m) => m.LanguageTextsPage,
);
const CommandTemplateListPage = screen(
  () => import('../../features/command-templates/command-template-list-page'),
  (m) => m.CommandTemplateListPage,
);
const WifiNetworkListPage = screen(
  () => import('../../features/wifi-networks/wifi-network-list-page'),
  (m) => m.WifiNetworkListPage,
);
const ReportsPage = screen(
  () => import('../../features/reports/reports-page'),
  (m) => m.ReportsPage,
);
const SimcardListPage = screen(
  () => import('../../features/simcards/simcard-list-page'),
  (m) => m.SimcardListPage,
);
// Leaflet (and its CSS) travels in the map screens' chunks only.
const GeofenceListPage = screen(
  () => import('../../features/geofences/geofence-list-page'),
  (m) => m.GeofenceListPage,
);
const InvoiceListPage = screen(
  () => import('../../features/invoices/invoice-list-page'),
  (m) => m.InvoiceListPage,
);
const CustomerListPage = screen(
  () => import('../../features/customers/customer-list-page'),
  (m) => m.CustomerListPage,
);
const CustomerDetailPage = screen(
  () => import('../../features/customers/customer-detail-page'),
  (m) => m.CustomerDetailPage,
);
const ContactPeopleListPage = screen(
  () => import('../../features/contact-people/contact-people-list-page'),
  (m) => m.ContactPeopleListPage,
);
const ProductListPage = screen(
  () => import('../../features/products/product-list-page'),
  (m) => m.ProductListPage,
);
const CitizenListPage = screen(
  () => import('../../features/citizens/citizen-list-page'),
  (m) => m.CitizenListPage,
);
const CitizenDetailPage = screen(
  () => import('../../features/citizens/detail/citizen-detail-page'),
  (m) => m.CitizenDetailPage,
);
const LiveMapPage = screen(
  () => import('../../features/live-map/live-map-page'),
  (m) => m.LiveMapPage,
);
const DashboardPage = screen(
  () => import('../../features/dashboard/dashboard-page'),
  (m) => m.default,
);
const AlarmCenterPage = screen(
  () => import('../../features/alarms/center/alarm-center-page'),
  (m) => m.AlarmCenterPage,
);
const AlarmDetailPage = screen(
  () => import('../../features/alarms/detail/alarm-detail-page'),
  (m) => m.AlarmDetailPage,
);
const DeviceListPage = screen(
  () => import('../../features/devices/device-list-page'),
  (m) => m.DeviceListPage,
);
const DeviceTerminalPage = screen(
  () => import('../../features/devices/terminal/device-terminal-page'),
  (m) => m.DeviceTerminalPage,
);
const AlarmTextsPage = screen(
  () => import('../../features/alarm-texts/alarm-texts-page'),
  (m) => m.AlarmTextsPage,
);
const MessagesPage = screen(
  () => import('../../features/messages/messages-page'),
  (m) => m.MessagesPage,
);
const AccountPage = screen(
  () => import('../../features/account/account-page'),
  (m) => m.default,
);
const AccountTransferPage = screen(
  () => import('../../features/account/account-transfer-page'),
  (m) => m.default,
);
// The guides' texts are chunks of their own, one per language, fetched by these screens.
const GuidesIndexPage = page(
  () => import('../../features/guides/guides-index-page'),
  (m) => m.GuidesIndexPage,
);
const GuidePage = page(
  () => import('../../features/guides/guide-page'),
  (m) => m.GuidePage,
);
// `/users`: the household's members for plug-and-play users.
const UsersPage = screen(
  () => import('../../features/household-members/users-page'),
  (m) => m.UsersPage,
);
// `/subscription/billing`: a household's subscriptions, cards, billing details and invoices.
const BillingPage = screen(
  () => import('../../features/billing/billing-page'),
  (m) => m.BillingPage,
);
const DeviceAdministrationListPage = screen(
  () => import('../../features/device-administration/device-administration-list-page'),
  (m) => m.DeviceAdministrationListPage,
);
const DeviceAdministrationDetailPage = screen(
  () => import('../../features/device-administration/device-administration-detail-page'),
  (m) => m.DeviceAdministrationDetailPage,
);
const NotFoundPage = page(
  () => import('../../features/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);

/** Screens that exist already. Later issues add their pages here; the rest show the pending screen. */
const PAGES: Partial<Record<RouteName | 'notFound', () => ReactElement>> = {
  notFound: () => <NotFoundPage />,
  registration: () => <RegistrationPage mode="registration" />,
  login: () => <RegistrationPage mode="login" />,
  imprint: () => <ImprintPage />,
  contact: () => <ContactPage />,
  terms: () => <TermsPage />,
  dashboard: () => <DashboardPage />,
  alarms: () => <AlarmCenterPage />,
  alarmDetail: () => <AlarmDetailPage />,
  liveMap: () => <LiveMapPage />,
  devices: () => <DeviceListPage />,
  account: () => <AccountPage />,
  accountTransfer: () => <AccountTransferPage />,
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
  simCards: () => <SimcardListPage />,
  reports: () => <ReportsPage />,
  invoices: () => <InvoiceListPage />,
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
  guides: () => <GuidesIndexPage />,
  guide: () => <GuidePage />,
  users: () => <UsersPage />,
  billing: () => <BillingPage />,
  deviceAdministration: () => <DeviceAdministrationListPage />,
  deviceAdministrationDetail: () => <DeviceAdministrationDetailPage />,
};

/** The screen of route `name` (or the not-found screen), or the pending screen of one not built yet. */
export function ScreenFor({
  name,
  titleKey,
}: {
  name: RouteName | 'notFound';
  titleKey?: string;
}): ReactElement {
  return PAGES[name]?.() ?? <PendingScreenPage key={name} titleKey={titleKey ?? name} />;
}
