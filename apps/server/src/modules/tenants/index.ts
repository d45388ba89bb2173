/**
 * The public entry of modules/tenants: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { createHousehold, joinHousehold } from './households';
export { loadTenantFeature, loadTenantFeatures } from './tenant-features';
export { findHousehold, findTenant } from './tenants.repository';
