/**
 * The public entry of modules/security-logs: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { writeSecurityLog } from './security-log-writer';
export type { SecurityLogEntry } from './security-log-writer';
export { countUserActionsSince } from './security-logs.repository';
