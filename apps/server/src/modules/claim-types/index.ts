/**
 * The public entry of modules/claim-types: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findClaimTypesByNames } from './claim-types.repository';
export { matchesClaimRegex } from './claim-value-rule';
