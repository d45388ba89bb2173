import { z } from 'zod';

/**
 * The one normalised shape every device protocol adapter (OsmAnd HTTP, 3G watch TCP, MQTT) turns its
 * input into before the telemetry service sees it (DESIGN §6). Adapters never touch the database.
 */

export const DEVICE_PROTOCOLS = ['osmand', 'watch', 'mqtt'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

/** What a report is about; the telemetry service dedupes on (device, device time, kind). */
export const DEVICE_REPORT_KINDS = ['position', 'heartbeat', 'alarm', 'config'] as const;
export type DeviceReportKind = (typeof DEVICE_REPORT_KINDS)[number];

/**
 * Alarms a device can raise itself. From the 3G watch status bits 16–22 (vendor document) and the
 * OsmAnd `alarm` parameter. `general` is an alarm frame that carries no alarm bit.
 */
export const DEVICE_ALARMS = [
  'sos',
  'fall',
  'lowBattery',
  'removal',
  'geofenceExit',
  'geofenceEnter',
  'abnormalHeartRate',
  'general',
] as const;
export type DeviceAlarm = (typeof DEVICE_ALARMS)[number];

export const zDevicePosition = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  speedKnots: z.number().min(0).optional(),
  bearing: z.number().min(0).max(360).optional(),
  altitude: z.number().optional(),
  accuracyMeters: z.number().min(0).optional(),
  hdop: z.number().min(0).optional(),
  /** False for a watch's `V` frame or OsmAnd `valid=false`: not a GPS fix, do not plot as one. */
  valid: z.boolean(),
});
export type DevicePosition = z.infer<typeof zDevicePosition>;

export const zDeviceBattery = z.object({
  percent: z.number().min(0).max(100),
  charging: z.boolean().optional(),
});

/** A mobile cell the device sees; LAC and CID are decimal even when the watch sent hex. */
export const zDeviceCell = z.object({
  mcc: z.number().int().min(0),
  mnc: z.number().int().min(0),
  lac: z.number().int().min(0),
  cid: z.number().int().min(0),
  rssi: z.number().optional(),
});
export type DeviceCell = z.infer<typeof zDeviceCell>;

/** A Wi-Fi access point the device sees; `mac` is lower-case `aa:bb:cc:dd:ee:ff`. */
export const zDeviceWifi = z.object({
  mac: z.string().regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/),
  rssi: z.number(),
  ssid: z.string().optional(),
});
export type DeviceWifi = z.infer<typeof zDeviceWifi>;

export const zDeviceAttributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const zDeviceReport = z.object({
  /** The identifier exactly as the device sent it (IMEI, watch id, app id); the telemetry service maps it. */
  deviceIdentifier: z.string().min(1).max(64),
  protocol: z.enum(DEVICE_PROTOCOLS),
  /** When the device says the report happened (after the adapters' time sanity rule), ISO-8601 UTC. */
  deviceTime: z.iso.datetime(),
  /** When the server received it, ISO-8601 UTC. */
  receivedAt: z.iso.datetime(),
  /**
   * The device time is more than 30 days before the receive time (a re-upload of buffered
   * reports, or a watch whose clock was reset); set by the adapters' time rule. The pipeline stores
   * such a report at its own time (deduped like any other) but it never becomes the device's
   * current position or battery and never moves a geofence state.
   */
  old: z.boolean().optional(),
  kind: z.enum(DEVICE_REPORT_KINDS),
  position: zDevicePosition.optional(),
  battery: zDeviceBattery.optional(),
  cells: z.array(zDeviceCell),
  wifis: z.array(zDeviceWifi),
  alarms: z.array(z.enum(DEVICE_ALARMS)),
  /** Everything else the device sent, by the protocol's own names (steps, satellites, heartRate, ...). */
  attributes: z.record(z.string(), zDeviceAttributeValue),
});
export type DeviceReport = z.infer<typeof zDeviceReport>;

/**
 * The JSON a device (or a bridge) publishes to `homeward/devices/{deviceId}/report`. The identifier
 * comes from the topic and the receive time from the server, so neither is in the payload.
 */
export const zMqttDeviceReportPayload = z.object({
  deviceTime: z.iso.datetime().optional(),
  kind: z.enum(DEVICE_REPORT_KINDS).default('position'),
  position: zDevicePosition.optional(),
  battery: zDeviceBattery.optional(),
  cells: z.array(zDeviceCell).max(32).default([]),
  wifis: z.array(zDeviceWifi).max(64).default([]),
  alarms: z.array(z.enum(DEVICE_ALARMS)).default([]),
  attributes: z.record(z.string(), zDeviceAttributeValue).default({}),
});
export type MqttDeviceReportPayload = z.infer<typeof zMqttDeviceReportPayload>;
