import { z } from 'zod';
import { ALARM_KINDS, ALARM_STATES } from './alarms';
import { DEVICE_STATUSES } from './devices';
import { DEVICE_COMMAND_STATUSES } from './telemetry';

/**
 * The realtime channel (`/api/realtime`, a WebSocket): the server pushes device state, positions,
 * alarms and messages, limited to the user's tenant and organizations. The client signs in with
 * its first message, so the access token never appears in a URL or a log line.
 */

/** How long a connection may stay without its `auth` message before the server closes it. */
export const REALTIME_AUTH_TIMEOUT_MS = 5000;
/**
 * The server sends each connection at most one batch of device, position, command and message
 * events per this many milliseconds. Alarm events are never held back: each goes out at once.
 */
export const REALTIME_BATCH_INTERVAL_MS = 250;

const zTenantId = z.uuid().nullable();

export const zRealtimeDeviceState = z.object({
  deviceId: z.uuid(),
  status: z.enum(DEVICE_STATUSES),
  batteryLevel: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** False when the location is coordinates sent without a fix ("last known, no fix"); absent: a fix. */
  locationValid: z.boolean().optional(),
});
export type RealtimeDeviceState = z.infer<typeof zRealtimeDeviceState>;

export const zRealtimeEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('device'),
    tenantId: zTenantId,
    organizationId: z.uuid().nullable(),
    state: zRealtimeDeviceState,
  }),
  z.object({
    type: z.literal('position'),
    tenantId: zTenantId,
    organizationId: z.uuid().nullable(),
    deviceId: z.uuid(),
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
    at: z.string(),
  }),
  z.object({
    type: z.literal('alarm'),
    tenantId: zTenantId,
    organizationId: z.uuid().nullable(),
    alarmId: z.uuid(),
    kind: z.enum(ALARM_KINDS),
    /** `open` alerts (banner and sound): a new incident, or one that re-alerted. */
    state: z.enum(ALARM_STATES),
    citizenName: z.string().nullable(),
    deviceId: z.uuid().nullable(),
    at: z.string(),
  }),
  z.object({
    /** A device command changed state (terminal, spec §7). */
    type: z.literal('deviceCommand'),
    tenantId: zTenantId,
    organizationId: z.uuid().nullable(),
    deviceId: z.uuid(),
    commandId: z.uuid(),
    status: z.enum(DEVICE_COMMAND_STATUSES),
    at: z.string(),
  }),
  z.object({
    type: z.literal('message'),
    tenantId: zTenantId,
    /** Addressed users; the message also reaches members of `organizationIds`. */
    userIds: z.array(z.uuid()),
    organizationIds: z.array(z.uuid()),
    messageId: z.uuid(),
    text: z.string(),
    at: z.string(),
  }),
]);
export type RealtimeEvent = z.infer<typeof zRealtimeEvent>;

/** What the client sends: first (and only) its sign-in. */
export const zRealtimeClientMessage = z.object({
  type: z.literal('auth'),
  accessToken: z.string().min(1).max(4096),
  /** A host user's tenant filter, as the `x-tenant-filter` header of the API. */
  tenantFilter: z.string().max(64).optional(),
});
export type RealtimeClientMessage = z.infer<typeof zRealtimeClientMessage>;

/** What the server sends. */
export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'events'; events: RealtimeEvent[] }
  | { type: 'error'; code: 'unauthorized' | 'forbidden' | 'bad_request' };
