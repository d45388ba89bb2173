import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Alarms (issue "[6 of 6]", spec §4): raised by a device report (SOS, fall, low battery) or a job
 * (offline, outside geofence). One open alarm per device and kind: a repeat raises its count.
 */

export const ALARM_KINDS = ['sos', 'fall', 'lowBattery', 'offline', 'outsideGeofence'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** open → acknowledged → handled; handling straight from open is allowed (a false alarm). */
export const ALARM_STATES = ['open', 'acknowledged', 'handled'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_HISTORY_ACTIONS = ['created', 'repeated', 'acknowledged', 'handled', 'notified'] as const;
export type AlarmHistoryAction = (typeof ALARM_HISTORY_ACTIONS)[number];

/** The battery percentage below which a low-battery alarm is raised when nothing else says. */
export const DEFAULT_LOW_BATTERY_THRESHOLD_PERCENT = 15;

/** Global (provider `G`) settings of alarm escalation. */
export const ALARM_SETTINGS = {
  /**
   * Seconds an open (unacknowledged) alarm waits before the citizen's next alarm receiver, in
   * their order, is notified (default 120).
   */
  escalationSeconds: 'Homeward.Alarms.EscalationSeconds',
  /** After the last receiver, start again from the first (`true`) or stop (default `false`). */
  escalationRepeats: 'Homeward.Alarms.EscalationRepeats',
} as const;
export const DEFAULT_ESCALATION_SECONDS = 120;

export const ALARM_MESSAGE_KEYS = {
  invalidTransition: 'alarms:invalidTransition',
} as const;

export const zAlarm = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  deviceId: z.uuid(),
  deviceName: z.string().nullable(),
  citizenId: z.uuid().nullable(),
  citizenName: z.string().nullable(),
  kind: z.enum(ALARM_KINDS),
  state: z.enum(ALARM_STATES),
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  acknowledgedByUserId: z.uuid().nullable(),
  acknowledgedAt: z.string().nullable(),
  handledByUserId: z.uuid().nullable(),
  handledAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Alarm = z.infer<typeof zAlarm>;

export const zAlarmHistoryEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.enum(ALARM_HISTORY_ACTIONS),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AlarmHistoryEntry = z.infer<typeof zAlarmHistoryEntry>;

/** GET /api/alarms/:id */
export const zAlarmDetail = zAlarm.extend({ history: z.array(zAlarmHistoryEntry) });
export type AlarmDetail = z.infer<typeof zAlarmDetail>;

/** GET /api/alarms: newest (last raised) first; `from`/`to` bound the last time. */
export const zAlarmListRequest = zPagedRequest.extend({
  state: z.enum(ALARM_STATES).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  citizenId: z.uuid().optional(),
  deviceId: z.uuid().optional(),
  from: zDateTimeInput.optional(),
  to: zDateTimeInput.optional(),
});
export type AlarmListRequest = z.input<typeof zAlarmListRequest>;
export const zAlarmListResponse = zPagedResult(zAlarm);
export type AlarmListResponse = z.infer<typeof zAlarmListResponse>;

/** POST /api/alarms/:id/handle */
export const zHandleAlarmRequest = z.object({
  note: z.string().trim().max(2000).optional(),
});
export type HandleAlarmRequest = z.infer<typeof zHandleAlarmRequest>;
