/**
 * The public entry of modules/organization-units: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { lockTree } from './organization-units.repository';
export {
  createOrganizationUnit,
  deleteOrganizationUnit,
  moveOrganizationUnit,
  renameOrganizationUnit,
} from './organization-units.service';
