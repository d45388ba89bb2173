/**
 * The public entry of modules/national-login: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { createBrokerClient } from './broker-client';
export type { BrokerClient, BrokerRequest, BrokerSettings } from './broker-client';
export { nationalLoginKeys } from './national-login-keys';
export type { NationalLoginKeys } from './national-login-keys';
export { findBoundUser, findBroker, findNationalLoginTenants, markLinked } from './national-login.repository';
