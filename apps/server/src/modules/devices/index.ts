/**
 * The public entry of modules/devices: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { createActivationCodeProtection, newActivationCodeColumns } from './activation-codes';
export type { ActivationCodeProtection } from './activation-codes';
export { DeviceBatchFileError, splitCsvRecords } from './device-batch-csv';
export { deviceEvent } from './device-live-state';
export type { DeviceLiveState } from './device-live-state';
export { findDeviceMqttSecretHash, setDeviceMqttSecretHash } from './device-mqtt-secret.repository';
export { createDeviceSecret, hashDeviceSecret, verifyDeviceSecret } from './device-secret';
export { storeActivationCode } from './devices.repository';
export { refuseBeyondDeviceLimit } from './devices.service';
