import {
  ALWAYS_ALERTING_ALARM_KINDS,
  type AlarmKind,
  type AlarmRaisedDetail,
  type DeviceAlarm,
  type DeviceStatus,
  type DeviceReport,
} from '@homeward/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import type { AlarmLinkBases } from '../alarm-texts';
import { notifyFirstReceiver, notifyNextReceiver } from './alarm-notifications';
import { insertAlarmHistory, upsertAlarm, type RaisedAlarm, type RepeatMode } from './alarms.repository';
import { lowBatteryThresholdOf, storedLowBatteryThreshold } from './low-battery-threshold';

/**
 * Raising alarms, always in the transaction of what caused them (a report, the offline job, the
 * geofence engine): the alarm, its history, the realtime event (sent on commit) and the outbox
 * messages commit or roll back together with the cause.
 */

export interface RaiseAlarmInput {
  tenantId: string | null;
  deviceId: string;
  kind: AlarmKind;
  /** When it happened (the device time of a report). */
  at: Date;
  /** Stored on the `created`/`repeated`/`realerted` history entry (e.g. the battery percentage). */
  detail?: Record<string, unknown>;
}

export interface RaisedAlarmResult {
  alarmId: string;
  created: boolean;
  /** A new incident, or an always-alerting kind occurring again: banner, sound, receivers. */
  alerted: boolean;
  count: number;
}

/** The device alarms that are alarm kinds of ours (the device's own fence alarms are not: ours decide). */
const REPORTED_KINDS: Partial<Record<DeviceAlarm, AlarmKind>> = {
  sos: 'sos',
  fall: 'fall',
  lowBattery: 'lowBattery',
  removal: 'removal',
  general: 'general',
};

/** What another occurrence does to the active incident of a kind (see `RepeatMode`). */
function repeatModeOf(kind: AlarmKind): RepeatMode {
  if ((ALWAYS_ALERTING_ALARM_KINDS as readonly AlarmKind[]).includes(kind)) return 'realert';
  // Every report below the threshold would be another occurrence.
  return kind === 'lowBattery' ? 'ignore' : 'count';
}

/** The device's organization and wearer, and the battery threshold that applies to it. */
async function deviceContext(db: Database, tenantId: string | null, deviceId: string) {
  const [row] = await db
    .select({
      organizationId: devices.organizationId,
      citizenId: devices.citizenId,
      citizenName: sql<string | null>`${citizens.name} || ' ' || ${citizens.surname}`,
      deviceName: devices.name,
      threshold: storedLowBatteryThreshold,
    })
    .from(devices)
    .leftJoin(citizens, eq(citizens.id, devices.citizenId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .limit(1);
  return row ?? null;
}

/**
 * A watch stopped in device administration (lost, awaiting return, returned, customer device) is
 * expected to go silent: it raises no offline alarm.
 */
async function isStoppedDevice(db: Database, tenantId: string | null, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ stoppedAt: devices.stoppedAt })
    .from(devices)
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)));
  return row?.stoppedAt != null;
}

/** What raising an alarm needs to know of its device (read with it, or by `deviceContext`). */
export type DeviceContext = NonNullable<Awaited<ReturnType<typeof deviceContext>>>;

/**
 * Raises an alarm of a kind on a device: a new incident (open, the citizen's first receiver
 * notified), or another occurrence of its active one: SOS, fall and general re-alert it (open
 * again, a receiver notified), the others are counted, low battery once per incident. `links` are
 * the bases of the messages' `{link}`. Null when nothing was raised (the device is gone, or low
 * battery is already active).
 */
export async function raiseAlarm(
  db: Database,
  links: AlarmLinkBases,
  input: RaiseAlarmInput,
): Promise<RaisedAlarmResult | null> {
  if (input.kind === 'offline' && (await isStoppedDevice(db, input.tenantId, input.deviceId))) return null;
  const context = await deviceContext(db, input.tenantId, input.deviceId);
  if (!context) return null;
  return raiseOn(db, links, input, context);
}

async function raiseOn(db: Database, links: AlarmLinkBases, input: RaiseAlarmInput, context: DeviceContext) {
  const repeat = repeatModeOf(input.kind);
  const raised = await upsertAlarm(
    db,
    {
      tenantId: input.tenantId,
      deviceId: input.deviceId,
      citizenId: context.citizenId,
      kind: input.kind,
      at: input.at,
    },
    repeat,
  );
  if (!raised) return null;
  const created = raised.count === 1;
  const alerted = created || repeat === 'realert';
  await insertAlarmHistory(db, {
    tenantId: input.tenantId,
    alarmId: raised.id,
    at: input.at,
    action: created ? 'created' : alerted ? 'realerted' : 'repeated',
    detail: { ...input.detail, count: raised.count },
  });
  await publishRealtime(db, {
    type: 'alarm',
    tenantId: input.tenantId,
    organizationId: context.organizationId,
    alarmId: raised.id,
    kind: input.kind,
    state: raised.state,
    citizenName: context.citizenName,
    deviceId: input.deviceId,
    at: input.at.toISOString(),
  });
  if (alerted && context.citizenId) await notifyReceiver(db, links, input, context, raised);
  return { alarmId: raised.id, created, alerted, count: raised.count };
}

/**
 * A new or restarted incident notifies the first receiver (the escalation goes on from there); a
 * re-alert while escalating notifies the receiver it has reached, leaving its clock alone.
 */
async function notifyReceiver(
  db: Database,
  links: AlarmLinkBases,
  input: RaiseAlarmInput,
  context: DeviceContext,
  raised: RaisedAlarm,
) {
  const alarm = {
    id: raised.id,
    tenantId: input.tenantId,
    deviceId: input.deviceId,
    citizenId: context.citizenId!,
    kind: input.kind,
    who: context.citizenName ?? context.deviceName,
    at: input.at,
  };
  if (raised.notifiedPosition === null) await notifyFirstReceiver(db, links, alarm);
  else {
    await notifyNextReceiver(db, links, alarm, raised.notifiedPosition - 1, undefined, {
      keepEscalation: true,
    });
  }
}

/** Which report raised an alarm, for its timeline: protocol, kind, times, and the position if any. */
function reportOf(report: DeviceReport): NonNullable<AlarmRaisedDetail['report']> {
  const position = report.position;
  return {
    protocol: report.protocol,
    kind: report.kind,
    deviceTime: report.deviceTime,
    receivedAt: report.receivedAt,
    position: position
      ? {
          lat: position.lat,
          lon: position.lon,
          valid: position.valid,
          ...(position.accuracyMeters === undefined ? {} : { accuracyMeters: position.accuracyMeters }),
        }
      : null,
  };
}

/**
 * The alarms a device report raises: SOS, fall, removal and general from the report's own alarms,
 * low battery when the device says so or its battery is below the threshold (the citizen's setting
 * for the watch, else the product default, else 15 %). A retried report (its position was stored
 * already) raises nothing, so a retransmission is not counted as a repeat. A battery back at or
 * above the threshold (the watch was charged) ends a handled low-battery warning: the device is
 * `online` again, and the new status is returned so the caller's realtime event carries it (an
 * active low-battery incident is cleared by `clearReportedConditions`).
 */
export async function raiseReportAlarms(
  db: Database,
  links: AlarmLinkBases,
  input: {
    device: { id: string; tenantId: string | null };
    report: DeviceReport;
    retry: boolean;
    /**
     * The device's context and status as the pipeline just read them (a batch reads them with the
     * live-state update); looked up here when not given.
     */
    known?: { context: DeviceContext; status: DeviceStatus };
  },
): Promise<DeviceStatus | undefined> {
  const { device, report } = input;
  if (input.retry) return undefined;
  const kinds = new Set<AlarmKind>();
  for (const alarm of report.alarms) {
    const kind = REPORTED_KINDS[alarm];
    if (kind) kinds.add(kind);
  }
  const battery = report.battery?.percent;
  if (kinds.size === 0 && battery === undefined) return undefined;
  const context = input.known?.context ?? (await deviceContext(db, device.tenantId, device.id));
  if (!context) return undefined;
  const threshold = lowBatteryThresholdOf(context.threshold);
  if (battery !== undefined && battery < threshold) kinds.add('lowBattery');
  const at = new Date(report.deviceTime);
  const raisedBy = { report: reportOf(report) };
  for (const kind of kinds) {
    const detail: AlarmRaisedDetail =
      kind === 'lowBattery' ? { ...raisedBy, battery: battery ?? null, threshold } : raisedBy;
    await raiseOn(
      db,
      links,
      { tenantId: device.tenantId, deviceId: device.id, kind, at, detail: { ...detail } },
      context,
    );
  }
  if (battery === undefined || kinds.has('lowBattery')) return undefined;
  // Known not to be a handled low-battery warning: nothing to end.
  if (input.known && input.known.status !== 'lowBatteryWarningHandled') return undefined;
  const [recovered] = await db
    .update(devices)
    .set({ status: 'online' })
    .where(
      and(
        inTenant(devices.tenantId, device.tenantId),
        eq(devices.id, device.id),
        eq(devices.status, 'lowBatteryWarningHandled'),
      ),
    )
    .returning({ status: devices.status });
  return recovered?.status;
}
