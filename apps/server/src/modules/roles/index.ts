/**
 * The public entry of modules/roles: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { ensureHouseholdRoles, ensureTenantAdminRole } from './static-roles';
