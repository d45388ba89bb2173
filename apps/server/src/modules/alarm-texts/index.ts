/**
 * The public entry of modules/alarm-texts: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { RELATIVE_ALARM_LINKS, alarmNotificationMessage } from './alarm-notification-text';
export type { AlarmLinkBases } from './alarm-notification-text';
