/**
 * The public entry of modules/alarms: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { clearAlarms, clearReportedConditions } from './alarm-clearing';
export { raiseAlarm, raiseReportAlarms } from './alarm-raising';
export { storedLowBatteryThreshold } from './low-battery-threshold';
