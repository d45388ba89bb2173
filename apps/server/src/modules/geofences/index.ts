/**
 * The public entry of modules/geofences: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { createGeofence, geometryOf } from './geofences.service';
