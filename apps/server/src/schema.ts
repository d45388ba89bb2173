/**
 * The whole database schema, for drizzle-kit and for typed queries. Each feature keeps its tables
 * in its own `*.schema.ts`; add a line here when a feature adds one.
 */
export * from './modules/settings/settings.schema';
export * from './platform/outbox/outbox.schema';
export * from './modules/tenants/tenants.schema';
export * from './modules/users/users.schema';
export * from './modules/roles/roles.schema';
export * from './modules/organization-units/organization-units.schema';
export * from './modules/claim-types/claim-types.schema';
export * from './modules/security-logs/security-logs.schema';
export * from './platform/permissions/permission-grants.schema';
export * from './platform/auth/oidc.schema';
export * from './modules/devices/devices.schema';
export * from './modules/languages/languages.schema';
export * from './platform/audit/audit-log.schema';
export * from './modules/wifi-networks/wifi-networks.schema';
export * from './modules/simcards/simcards.schema';
export * from './modules/command-templates/command-templates.schema';
export * from './modules/alarm-texts/alarm-texts.schema';
export * from './modules/geofences/geofences.schema';
export * from './modules/products/products.schema';
export * from './modules/customers/customers.schema';
export * from './modules/contact-people/contact-people.schema';
export * from './modules/citizens/citizens.schema';
export * from './modules/telemetry/telemetry.schema';
export * from './modules/device-commands/device-commands.schema';
export * from './modules/vitals/vitals.schema';
export * from './modules/geofence-engine/geofence-engine.schema';
export * from './modules/alarms/alarms.schema';
export * from './modules/messages/messages.schema';
export * from './modules/profile/profile.schema';
export * from './modules/account-transfer/account-transfer.schema';
export * from './modules/account/phone-sign-in.schema';
export * from './modules/billing-provider/billing-provider.schema';
export * from './modules/device-administration/device-administration.schema';
export * from './modules/orders/orders.schema';
export * from './modules/invoices/invoices.schema';
export * from './modules/reports/reports.schema';
export * from './modules/national-login/national-login.schema';
export * from './modules/push/push.schema';
