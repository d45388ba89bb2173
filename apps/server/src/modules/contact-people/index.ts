/**
 * The public entry of modules/contact-people: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { seedContactRoles } from './contact-roles';
