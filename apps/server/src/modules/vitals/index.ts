/**
 * The public entry of modules/vitals: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { storeReportVitals } from './report-vitals';
export { deleteExpiredVitalReadings } from './vitals-retention';
