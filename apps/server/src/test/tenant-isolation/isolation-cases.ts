import { geofencesIsolationCase } from '../../modules/geofences/geofences.isolation';
import type { IsolationCase } from './isolation-case';
import { IDENTITY_ISOLATION_CASES } from './identity-isolation-cases';

export { createdId, randomImei, registerIsolatedWatch } from './isolation-seeding';

const { users, roles, organizationUnits, devices, securityLogEntries, auditLogs } = IDENTITY_ISOLATION_CASES;
import { wifiNetworksIsolationCase } from '../../modules/wifi-networks/wifi-networks.isolation';
import { reportsIsolationCase } from '../../modules/reports/reports.isolation';
import { pushSubscriptionsIsolationCase } from '../../modules/push/push.isolation';
import { liveMapIsolationCase } from '../../modules/live-map/live-map.isolation';
import { nationalLoginIsolationCase } from '../../modules/national-login/national-login.isolation';
import { simcardsIsolationCase } from '../../modules/simcards/simcards.isolation';
import {
  organizationLookupsIsolationCase,
  organizationsIsolationCase,
} from '../../modules/organizations/organizations.isolation';
import { customersIsolationCase } from '../../modules/customers/customers.isolation';
import { productsIsolationCase } from '../../modules/products/products.isolation';
import { ordersIsolationCase } from '../../modules/orders/orders.isolation';
import {
  householdInvoiceTablesIsolationCase,
  invoicesIsolationCase,
} from '../../modules/invoices/invoices.isolation';
import { batteryLevelsIsolationCase } from '../../modules/battery-levels/battery-levels.isolation';
import { vitalsIsolationCase, vitalThresholdsIsolationCase } from '../../modules/vitals/vitals.isolation';
import { contactPeopleIsolationCase } from '../../modules/contact-people/contact-people.isolation';
import {
  citizenAlarmReceiversIsolationCase,
  citizenDevicesIsolationCase,
  citizenGeofencesIsolationCase,
  citizensIsolationCase,
} from '../../modules/citizens/citizens.isolation';
import { telemetryIsolationCase } from '../../modules/telemetry/telemetry.isolation';
import { geofenceEngineIsolationCase } from '../../modules/geofence-engine/geofence-engine.isolation';
import { alarmsIsolationCase } from '../../modules/alarms/alarms.isolation';
import { commandTemplatesIsolationCase } from '../../modules/command-templates/command-templates.isolation';
import { deviceCommandsIsolationCase } from '../../modules/device-commands/device-commands.isolation';
import { alarmTextsIsolationCase } from '../../modules/alarm-texts/alarm-texts.isolation';
import { messagesIsolationCase } from '../../modules/messages/messages.isolation';
import {
  activationCodesIsolationCase,
  connectedDevicesIsolationCase,
} from '../../modules/device-connection/device-connection.isolation';
import { profileIsolationCase } from '../../modules/profile/profile.isolation';
import { deviceAdministrationIsolationCase } from '../../modules/device-administration/device-administration.isolation';
import { householdMembersIsolationCase } from '../../modules/household-members/household-members.isolation';
import { accountTransferIsolationCase } from '../../modules/account-transfer/account-transfer.isolation';
import {
  billingCardsIsolationCase,
  billingInvoicesIsolationCase,
  billingSubscriptionsIsolationCase,
} from '../../modules/billing/billing.isolation';

/**
 * Every tenant-owned endpoint family, one entry each; the runner is
 * `integration/tenancy/tenant-isolation.test.ts`. A module that adds tenant-owned data adds its case
 * here (one line in the list at the bottom).
 */

export const ISOLATION_CASES: IsolationCase[] = [
  users,
  roles,
  organizationUnits,
  organizationsIsolationCase,
  organizationLookupsIsolationCase,
  devices,
  activationCodesIsolationCase,
  connectedDevicesIsolationCase,
  securityLogEntries,
  auditLogs,
  wifiNetworksIsolationCase,
  simcardsIsolationCase,
  nationalLoginIsolationCase,
  geofencesIsolationCase,
  productsIsolationCase,
  ordersIsolationCase,
  batteryLevelsIsolationCase,
  vitalsIsolationCase,
  vitalThresholdsIsolationCase,
  liveMapIsolationCase,
  customersIsolationCase,
  contactPeopleIsolationCase,
  citizensIsolationCase,
  citizenDevicesIsolationCase,
  citizenGeofencesIsolationCase,
  citizenAlarmReceiversIsolationCase,
  pushSubscriptionsIsolationCase,
  telemetryIsolationCase,
  geofenceEngineIsolationCase,
  alarmsIsolationCase,
  commandTemplatesIsolationCase,
  deviceCommandsIsolationCase,
  alarmTextsIsolationCase,
  messagesIsolationCase,
  profileIsolationCase,
  deviceAdministrationIsolationCase,
  reportsIsolationCase,
];

/**
 * Endpoint families that exist for households only (an organization's tenant is refused them):
 * the household suites (integration/tenancy/household-isolation.test.ts) run them after the others.
 */
export const HOUSEHOLD_ISOLATION_CASES: IsolationCase[] = [
  householdMembersIsolationCase,
  accountTransferIsolationCase,
  billingCardsIsolationCase,
  billingSubscriptionsIsolationCase,
  billingInvoicesIsolationCase,
  householdInvoiceTablesIsolationCase,
];

/**
 * Endpoint families that exist for organizations only (a household is refused them, so the
 * household suites cannot seed them through the API): the organization suite
 * (integration/tenancy/tenant-isolation.test.ts) runs them after the others.
 */
export const ORGANIZATION_ISOLATION_CASES: IsolationCase[] = [invoicesIsolationCase];
