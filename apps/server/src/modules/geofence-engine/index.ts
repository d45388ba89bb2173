/**
 * The public entry of modules/geofence-engine: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { evaluateGeofences } from './evaluate-geofences';
export type { GeofenceEngineParts } from './evaluate-geofences';
export { engineFenceOf } from './geofence-engine';
export { haversineMeters, signedEdgeDistance } from './geometry';
export type { FenceShape } from './geometry';
export { UNTRACKED, trackFence } from './hysteresis';
export type { FenceTracking } from './hysteresis';
export { WearerFenceCache } from './wearer-fences';
