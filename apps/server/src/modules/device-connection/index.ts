/**
 * The public entry of modules/device-connection: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { disconnectWatch } from './device-connection.service';
