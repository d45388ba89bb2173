import { z } from 'zod';
import { DEVICE_PROTOCOLS } from './device-reports';
import { DEVICE_STATUSES } from './devices';
import { DEVICE_COMMAND_STATUSES } from './telemetry';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of the device terminal (spec §7 "Terminal: info, send command"; "Product instances:
 * requestPosition, requestHistory"): `/api/devices/:id/terminal`, `/api/devices/:id/commands`,
 * `/api/devices/:id/request-position` and `/api/devices/:id/request-history`.
 */

/** How a command reached (or was to reach) the device. */
export const DEVICE_COMMAND_CHANNELS = ['watch', 'mqtt', 'osmand', 'sms'] as const;
export type DeviceCommandChannel = (typeof DEVICE_COMMAND_CHANNELS)[number];

/**
 * The command texts of the built-in requests. `CR`: a 3G watch locates itself now and reports.
 * `UPLOAD,60`: the watch reports every minute, sending the positions it stored while it could not
 * (the 3G protocol has no separate "send history" command). MQTT devices get the same texts.
 */
export const REQUEST_POSITION_COMMAND = 'CR';
export const REQUEST_HISTORY_COMMAND = 'UPLOAD,60';

/** A sent command not acknowledged within this time becomes `failed` (watch and MQTT channels). */
export const DEVICE_COMMAND_ACK_TIMEOUT_MS = 120_000;

/** Translation keys (namespace `devices`) of the terminal's errors and failure reasons. */
export const DEVICE_COMMAND_MESSAGE_KEYS = {
  /** A text-message template, but the device has no SIM phone number. */
  noPhoneNumber: 'devices:terminal.noPhoneNumber',
  templateNotFound: 'devices:terminal.templateNotFound',
  /** The rendered text cannot travel in a device frame (brackets, control characters). */
  commandNotSendable: 'devices:terminal.commandNotSendable',
  /** Failure reasons stored on the command. */
  notAcknowledged: 'devices:terminal.notAcknowledged',
  deviceError: 'devices:terminal.deviceError',
} as const;

/** What a command sent over a live channel may contain: printable text without `[` or `]`. */
export const SENDABLE_COMMAND_PATTERN = /^[\x20-\x5a\x5c\x5e-\x7e]{1,1000}$/;

export const zDeviceCommand = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  command: z.string(),
  status: z.enum(DEVICE_COMMAND_STATUSES),
  channel: z.enum(DEVICE_COMMAND_CHANNELS).nullable(),
  templateId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  /** A translation key, when failed. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof zDeviceCommand>;

/** GET /api/devices/:id/commands: newest first. */
export const zDeviceCommandListRequest = zPagedRequest
  .pick({ skipCount: true, maxResultCount: true })
  .extend({
    maxResultCount: z.coerce.number().int().min(1).max(100).default(10),
  });
export type DeviceCommandListRequest = z.input<typeof zDeviceCommandListRequest>;
export const zDeviceCommandListResponse = zPagedResult(zDeviceCommand);
export type DeviceCommandListResponse = z.infer<typeof zDeviceCommandListResponse>;

/** POST /api/devices/:id/commands: a template and its variables' values. */
export const zSendDeviceCommandRequest = z.object({
  templateId: z.uuid(),
  values: z.record(z.string(), z.string().trim().max(256)).optional().default({}),
});
export type SendDeviceCommandRequest = z.input<typeof zSendDeviceCommandRequest>;

/** GET /api/devices/:id/terminal: what the terminal shows about the device. */
export const zDeviceTerminal = z.object({
  id: z.uuid(),
  name: z.string(),
  imei: z.string(),
  deviceIdentifier: z.string().nullable(),
  productId: z.uuid().nullable(),
  productName: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  batteryLevel: z.number().nullable(),
  phoneNumber: z.string().nullable(),
  /** The protocol of the device's last stored position, if any. */
  protocol: z.enum(DEVICE_PROTOCOLS).nullable(),
  /** Connected to this server's watch gateway now; null when not known (MQTT, OsmAnd). */
  connected: z.boolean().nullable(),
  /** The device has an MQTT secret (the secret itself is shown once, when issued). */
  hasMqttSecret: z.boolean(),
});
export type DeviceTerminal = z.infer<typeof zDeviceTerminal>;

/**
 * POST /api/devices/:id/mqtt-secret: a new MQTT password for the device, replacing any earlier one.
 * Only its hash is stored, so this answer is the one time it can be read.
 */
export const zDeviceMqttSecret = z.object({ userName: z.string(), secret: z.string() });
export type DeviceMqttSecret = z.infer<typeof zDeviceMqttSecret>;
