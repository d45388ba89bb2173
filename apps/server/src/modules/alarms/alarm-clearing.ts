import {
  ALARM_CLEAR_REASONS,
  WORN_ATTRIBUTE,
  type AlarmKind,
  type DeviceReport,
  type RealtimeEvent,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { publishRealtimeEvents } from '../../platform/realtime/realtime-publish';
import { alarmHistory } from './alarms.schema';
import { clearActiveAlarms, type AlarmClearing } from './alarms.repository';
import { lowBatteryThresholdOf } from './low-battery-threshold';

/**
 * Incidents close by themselves when their condition clears (ARCHITECTURE "Alarms"): back inside a
 * fence, battery charged to the threshold, the watch worn again, a report from an offline watch.
 * The alarm becomes `cleared` (it leaves the escalation queue, and the one-active-per-kind index
 * lets the next occurrence be a new incident that alerts again), with a `cleared` history entry
 * naming the reason and a realtime event, all in the transaction of the report that cleared it.
 */

type ClearableKind = keyof typeof ALARM_CLEAR_REASONS;

/**
 * Clears the active alarms of the given devices and kinds whose condition cleared at `at`; returns
 * how many closed. One statement when none is active, the common case.
 */
export async function clearAlarms(
  db: Database,
  tenantId: string | null,
  clearings: readonly (AlarmClearing & { kind: ClearableKind })[],
): Promise<number> {
  const cleared = await clearActiveAlarms(db, tenantId, clearings);
  if (cleared.length === 0) return 0;
  const atOf = new Map(clearings.map((clearing) => [`${clearing.deviceId}:${clearing.kind}`, clearing.at]));
  const entries = cleared.map((alarm) => ({
    alarm,
    at: atOf.get(`${alarm.device_id}:${alarm.kind}`)!,
    reason: ALARM_CLEAR_REASONS[alarm.kind as ClearableKind],
  }));
  await db.insert(alarmHistory).values(
    entries.map(({ alarm, at, reason }) => ({
      tenantId: alarm.tenant_id,
      alarmId: alarm.id,
      at,
      action: 'cleared' as const,
      detail: { reason },
    })),
  );
  await publishRealtimeEvents(
    db,
    entries.map(({ alarm, at }): RealtimeEvent => ({
      type: 'alarm',
      tenantId: alarm.tenant_id,
      organizationId: alarm.organization_id,
      alarmId: alarm.id,
      kind: alarm.kind,
      state: 'cleared',
      citizenName: alarm.citizen_name,
      deviceId: alarm.device_id,
      at: at.toISOString(),
    })),
  );
  return cleared.length;
}

/** One report of a batch, with what deciding its clearings needs of its device. */
export interface ReportedCondition {
  device: { id: string; lowBatteryThreshold: number | null };
  report: DeviceReport;
}

/**
 * The conditions a batch's reports clear, in one statement for the batch: any report ends an
 * `offline` incident (at its receive time: the watch is connected now, whatever its clock says); a
 * battery at or above the threshold ends `lowBattery`; a device saying it is worn again
 * (`attributes.worn`, the watch's status bit 20 no longer set) ends `removal`. A report older than
 * the incident's last occurrence ends nothing (see `clearActiveAlarms`).
 */
export async function clearReportedConditions(
  db: Database,
  tenantId: string | null,
  reported: readonly ReportedCondition[],
): Promise<number> {
  const clearings: (AlarmClearing & { kind: ClearableKind })[] = [];
  for (const { device, report } of reported) {
    const add = (kind: ClearableKind & AlarmKind, at: string) =>
      clearings.push({ deviceId: device.id, kind, at: new Date(at) });
    add('offline', report.receivedAt);
    const battery = report.battery?.percent;
    const threshold = lowBatteryThresholdOf(device.lowBatteryThreshold);
    if (battery !== undefined && battery >= threshold) add('lowBattery', report.deviceTime);
    if (report.attributes[WORN_ATTRIBUTE] === true) add('removal', report.deviceTime);
  }
  return clearAlarms(db, tenantId, clearings);
}
