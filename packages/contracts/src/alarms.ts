import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Alarms (issue "[6 of 6]", spec §4; incidents, issue 16): raised by a device report (SOS, fall,
 * removal, general, low battery) or a rule (offline, outside geofence). An alarm is an incident:
 * one at a time per device and kind, until it is handled or its condition clears.
 */

/**
 * Every alarm kind, in the order screens list them: the one list that API validation, the
 * database's check, filters, alarm texts and the web's labels follow.
 */
export const ALARM_KINDS = [
  'sos',
  'fall',
  'removal',
  'outsideGeofence',
  'offline',
  'lowBattery',
  'general',
  'vitals',
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/**
 * Kinds that alert on every occurrence (a press of the SOS button, a fall, an alarm frame with no
 * named reason): another one while the incident is open or acknowledged re-alerts it (open again,
 * receivers notified, banner and sound), since no condition of theirs can tell that it is over.
 */
export const ALWAYS_ALERTING_ALARM_KINDS = ['sos', 'fall', 'general'] as const satisfies readonly AlarmKind[];

/**
 * Kinds whose condition clears by itself, and what clears it: the incident then closes
 * (`cleared`), and the next occurrence is a new incident that alerts again.
 */
export const ALARM_CLEAR_REASONS = {
  outsideGeofence: 'backInside',
  lowBattery: 'charged',
  removal: 'worn',
  offline: 'reported',
  // A later reading of the measures that were out of range is within the thresholds again.
  vitals: 'normal',
} as const satisfies Partial<Record<AlarmKind, string>>;
export type AlarmClearReason = (typeof ALARM_CLEAR_REASONS)[keyof typeof ALARM_CLEAR_REASONS];

/**
 * The report attribute by which a device says whether it is worn (`true`) or taken off (`false`):
 * the 3G watch's status bit 20, or `worn=true|false` from any protocol. `true` clears a removal.
 */
export const WORN_ATTRIBUTE = 'worn';

/**
 * open → acknowledged → handled by people (handling straight from open closes a false alarm);
 * open or acknowledged → cleared by the system when the condition clears. Handled and cleared are
 * closed: nothing moves them again.
 */
export const ALARM_STATES = ['open', 'acknowledged', 'handled', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** The states of an incident still going on: at most one alarm per device and kind is in them. */
export const ACTIVE_ALARM_STATES = ['open', 'acknowledged'] as const satisfies readonly AlarmState[];

/**
 * `notified`: a receiver was sent the alarm (detail: receiverId, position, name, channels, and the
 * outbox message ids per channel). `delivered` / `deliveryFailed`: one channel's delivery attempt
 * ended (detail: channel `push` | `sms` | `email`, receiverId, outboxId, reason on failure, and
 * `fallbackTo` when a failed push fell back to the next channel).
 */
export const ALARM_HISTORY_ACTIONS = [
  'created',
  'repeated',
  'realerted',
  'notified',
  'delivered',
  'deliveryFailed',
  'acknowledged',
  'handled',
  'cleared',
] as const;
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
  /** When the condition cleared and the system closed the incident (state `cleared`). */
  clearedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** Whole seconds from raising (`firstAt`) to acknowledging; null while not acknowledged. */
  secondsToAcknowledge: z.number().int().nullable(),
  /** Whole seconds from raising (`firstAt`) to handling; null while not handled. */
  secondsToHandle: z.number().int().nullable(),
});
export type Alarm = z.infer<typeof zAlarm>;

/**
 * The `detail` of a `created` (and `repeated` / `realerted`) history entry raised by a device
 * report: which report (its protocol, kind, device and receive time, and position when it had
 * one), beside what the kind adds (`battery` and `threshold` of low battery, `latitude` and
 * `longitude` of a geofence exit). A rule's alarm (offline) has no report.
 */
export interface AlarmRaisedDetail {
  count?: number;
  report?: {
    protocol: string;
    kind: string;
    deviceTime: string;
    receivedAt: string;
    position: { lat: number; lon: number; valid: boolean; accuracyMeters?: number } | null;
  };
  battery?: number | null;
  threshold?: number;
  latitude?: number;
  longitude?: number;
}

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
  /** Alarms of the citizens of this organization (unit) and of every unit below it. */
  organizationId: z.uuid().optional(),
  from: zDateTimeInput.optional(),
  to: zDateTimeInput.optional(),
});
export type AlarmListRequest = z.input<typeof zAlarmListRequest>;
export const zAlarmListResponse = zPagedResult(zAlarm);
export type AlarmListResponse = z.infer<typeof zAlarmListResponse>;

/** GET /api/alarms/statistics: the list's filters, without paging. */
export const zAlarmStatisticsRequest = zAlarmListRequest.pick({
  state: true,
  kind: true,
  citizenId: true,
  deviceId: true,
  organizationId: true,
  from: true,
  to: true,
});
export type AlarmStatisticsRequest = z.input<typeof zAlarmStatisticsRequest>;

/**
 * How many alarms reached a step (acknowledged or handled), and the median and 90th percentile
 * (continuous, interpolated: `percentile_cont`) of the seconds it took from raising, to a tenth of
 * a second; null when none did.
 */
export const zAlarmTimeStatistics = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  p90: z.number().nullable(),
});
export type AlarmTimeStatistics = z.infer<typeof zAlarmTimeStatistics>;

/** The alarms the filters select: how many, how many still open (unacknowledged), and the times. */
export const zAlarmStatistics = z.object({
  count: z.number().int(),
  open: z.number().int(),
  acknowledged: zAlarmTimeStatistics,
  handled: zAlarmTimeStatistics,
});
export type AlarmStatistics = z.infer<typeof zAlarmStatistics>;

/** POST /api/alarms/:id/handle */
export const zHandleAlarmRequest = z.object({
  note: z.string().trim().max(2000).optional(),
});
export type HandleAlarmRequest = z.infer<typeof zHandleAlarmRequest>;
