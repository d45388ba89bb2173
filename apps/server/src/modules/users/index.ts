/**
 * The public entry of modules/users: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findIdentifierClashes, insertUser, updateUser } from './users.repository';
export { createUserWithPasswordHash, requireUser } from './users.service';
