import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationRoutes } from './modules/registration/registration.routes';
import { usersRoutes } from './modules/users/users.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { permissionGrantsRoutes } from './modules/permission-grants/permission-grants.routes';
import { claimTypesRoutes } from './modules/claim-types/claim-types.routes';
import { organizationUnitsRoutes } from './modules/organization-units/organization-units.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { securityLogsRoutes } from './modules/security-logs/security-logs.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { deviceAdministrationRoutes } from './modules/device-administration/device-administration.routes';
import { deviceConnectionRoutes } from './modules/device-connection/device-connection.routes';
import { geofencesRoutes } from './modules/geofences/geofences.routes';
import { productsRoutes } from './modules/products/products.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { batteryLevelsRoutes } from './modules/battery-levels/battery-levels.routes';
import { vitalsRoutes } from './modules/vitals/vitals.routes';
import { liveMapRoutes } from './modules/live-map/live-map.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { contactPeopleRoutes } from './modules/contact-people/contact-people.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { languagesRoutes } from './modules/languages/languages.routes';
import { wifiNetworksRoutes } from './modules/wifi-networks/wifi-networks.routes';
import { simcardsRoutes } from './modules/simcards/simcards.routes';
import { citizensRoutes } from './modules/citizens/citizens.routes';
import { citizenRouteRoutes } from './modules/citizen-route/citizen-route.routes';
import { alarmsRoutes } from './modules/alarms/alarms.routes';
import { commandTemplatesRoutes } from './modules/command-templates/command-templates.routes';
import { alarmTextsRoutes } from './modules/alarm-texts/alarm-texts.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { householdMembersRoutes } from './modules/household-members/household-members.routes';
import { accountTransferRoutes } from './modules/account-transfer/account-transfer.routes';
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { pushRoutes } from './modules/push/push.routes';
import { nationalLoginRoutes } from './modules/national-login/national-login.routes';
import type { ModuleDependencies } from './modules/module-dependencies';

/**
 * The feature modules' route plugins, registered by `buildApp` in this order with the same
 * `ModuleDependencies`. A module with other needs (billing, device commands, the OsmAnd gateway)
 * is registered in app.ts itself.
 */
export const MODULE_ROUTES: readonly FastifyPluginAsyncZod<ModuleDependencies>[] = [
  registrationRoutes,
  usersRoutes,
  rolesRoutes,
  permissionGrantsRoutes,
  claimTypesRoutes,
  organizationUnitsRoutes,
  organizationsRoutes,
  securityLogsRoutes,
  devicesRoutes,
  deviceAdministrationRoutes,
  deviceConnectionRoutes,
  geofencesRoutes,
  productsRoutes,
  ordersRoutes,
  invoicesRoutes,
  batteryLevelsRoutes,
  vitalsRoutes,
  liveMapRoutes,
  customersRoutes,
  contactPeopleRoutes,
  tenantsRoutes,
  auditLogsRoutes,
  settingsRoutes,
  languagesRoutes,
  wifiNetworksRoutes,
  simcardsRoutes,
  citizensRoutes,
  citizenRouteRoutes,
  alarmsRoutes,
  commandTemplatesRoutes,
  alarmTextsRoutes,
  messagesRoutes,
  profileRoutes,
  householdMembersRoutes,
  accountTransferRoutes,
  accountDeletionRoutes,
  reportsRoutes,
  pushRoutes,
  nationalLoginRoutes,
];
