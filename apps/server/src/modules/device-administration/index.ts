/**
 * The public entry of modules/device-administration: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { changePhysicalLocation } from './physical-location';
