/**
 * The telemetry pipeline's shared names (DESIGN §6): where a stored position came from, the states
 * of a queued device command, and the settings that steer ingest and the device jobs.
 */

/** `gps`: the device's own valid fix; `wifi`: located from the tenant's trusted Wi-Fi networks. */
export const POSITION_SOURCES = ['gps', 'wifi'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/**
 * `queued` → `sent` (handed to the live channel, the OsmAnd response or the SMS outbox) →
 * `acknowledged` (the device answered) or `failed` (not deliverable, an error answer, or no answer
 * within `DEVICE_COMMAND_ACK_TIMEOUT_MS`).
 */
export const DEVICE_COMMAND_STATUSES = ['queued', 'sent', 'acknowledged', 'failed'] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/** Global (provider `G`) settings of the telemetry jobs. */
export const TELEMETRY_SETTINGS = {
  /** Whole days positions are kept; older monthly partitions are dropped whole (default 90). */
  positionRetentionDays: 'Homeward.Telemetry.PositionRetentionDays',
  /**
   * A device is offline when it has been silent for its product's expected reporting interval
   * times this factor (default 3).
   */
  offlineFactor: 'Homeward.Telemetry.OfflineFactor',
} as const;

export const DEFAULT_POSITION_RETENTION_DAYS = 90;
export const DEFAULT_OFFLINE_FACTOR = 3;
/** The expected reporting interval of a device without a product (or a product without one). */
export const DEFAULT_REPORTING_INTERVAL_SECONDS = 15 * 60;
