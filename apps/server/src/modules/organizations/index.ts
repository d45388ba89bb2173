/**
 * The public entry of modules/organizations: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findOrganizationLookup } from './organizations.repository';
