/**
 * The public entry of modules/customers: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findCustomer, findLinkedOrganizations } from './customers.repository';
export type { CustomerListRow } from './customers.repository';
