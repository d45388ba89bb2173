/**
 * The public entry of modules/citizens: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { findAlarmReceivers, replaceAlarmReceivers } from './alarm-receivers.repository';
export { findCitizenGeofences } from './citizen-links.repository';
export { citizenExists } from './citizens.repository';
export { createCprProtection } from './cpr-protection';
export type { CprProtection } from './cpr-protection';
