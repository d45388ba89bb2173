/**
 * The public entry of modules/household-members: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { setReceivesAlarms } from './household-alarm-receivers';
