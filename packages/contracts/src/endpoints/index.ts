import * as account from './account';
import * as administration from './administration';
import * as care from './care';
import * as commerce from './commerce';
import * as devices from './devices';
import type { Endpoint } from './endpoint';
import * as identity from './identity';

export * from './endpoint';
export * from './account';
export * from './administration';
export * from './care';
export * from './commerce';
export * from './devices';
export * from './identity';

/**
 * Every endpoint of the table by area (`endpoints.citizens.get`). Screens import their area's
 * group (`citizenEndpoints`) instead, so a screen's chunk carries only the schemas it uses.
 */
export const endpoints = {
  app: administration.appEndpoints,
  organizations: administration.organizationEndpoints,
  tenants: administration.tenantEndpoints,
  settings: administration.settingEndpoints,
  languages: administration.languageEndpoints,
  auditLogs: administration.auditLogEndpoints,
  users: identity.userEndpoints,
  roles: identity.roleEndpoints,
  permissionGrants: identity.permissionGrantEndpoints,
  claimTypes: identity.claimTypeEndpoints,
  organizationUnits: identity.organizationUnitEndpoints,
  securityLogs: identity.securityLogEndpoints,
  devices: devices.deviceEndpoints,
  deviceTerminal: devices.deviceTerminalEndpoints,
  deviceAdministration: devices.deviceAdministrationEndpoints,
  deviceConnection: devices.deviceConnectionEndpoints,
  simcards: devices.simcardEndpoints,
  wifiNetworks: devices.wifiNetworkEndpoints,
  commandTemplates: devices.commandTemplateEndpoints,
  citizens: care.citizenEndpoints,
  geofences: care.geofenceEndpoints,
  alarms: care.alarmEndpoints,
  alarmTexts: care.alarmTextEndpoints,
  messages: care.messageEndpoints,
  contactPeople: care.contactPersonEndpoints,
  liveMap: care.liveMapEndpoints,
  products: commerce.productEndpoints,
  customers: commerce.customerEndpoints,
  orders: commerce.orderEndpoints,
  invoices: commerce.invoiceEndpoints,
  billing: commerce.billingEndpoints,
  registration: account.registrationEndpoints,
  account: account.accountEndpoints,
  householdMembers: account.householdMemberEndpoints,
  push: account.pushEndpoints,
  reports: account.reportEndpoints,
};

/** Every endpoint of the table in one list (the settings' per-group endpoints included). */
export function listEndpoints(table: object = endpoints): Endpoint[] {
  return Object.values(table).flatMap((value: Endpoint | object) =>
    'method' in value && 'path' in value ? [value as Endpoint] : listEndpoints(value),
  );
}
