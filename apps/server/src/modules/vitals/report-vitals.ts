import type { DeviceReport, VitalMeasure } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { clearAlarms, raiseAlarm } from '../alarms';
import type { AlarmLinkBases } from '../alarm-texts';
import {
  findActiveVitalsAlarms,
  findThresholdsOf,
  insertVitalReadings,
  type NewVitalReading,
} from './vital-readings.repository';
import { checkThresholds, vitalValuesOf } from './vital-values';

const DAY_MS = 24 * 60 * 60 * 1000;
/** As for positions: only a reading this much older than its receipt can be past the retention. */
const MAY_BE_EXPIRED_MS = 12 * 60 * 60 * 1000;

/** One report of a batch, with its device as the batch left it (its wearer now). */
export interface VitalsEntry {
  device: { id: string; tenantId: string | null; citizenId: string | null };
  report: DeviceReport;
}

/**
 * The vitals of a batch's reports (the pipeline's step after alarms, `applyReportBatch`): stores
 * the plausible values in one statement, then raises or clears the `vitals` alarms of the
 * citizens with thresholds. Costs nothing for reports without vitals (no statement at all).
 *
 * An old report (device time over 30 days back) is stored like its position: at its device time,
 * unless that is past the position retention; it is history and neither raises nor clears an alarm.
 * The retention is the pipeline's (`readRetentionDays`), asked only when a reading may be past it.
 * `links` are the bases of a vitals alarm's message `{link}`.
 */
export async function storeReportVitals(
  tx: Database,
  links: AlarmLinkBases,
  tenantId: string | null,
  entries: readonly VitalsEntry[],
  now: Date,
  readRetentionDays: () => Promise<number>,
): Promise<void> {
  let rows: (NewVitalReading & { old: boolean })[] = [];
  for (const { device, report } of entries) {
    const values = vitalValuesOf(report);
    if (!values) continue;
    rows.push({
      tenantId: device.tenantId,
      deviceId: device.id,
      citizenId: device.citizenId,
      at: new Date(report.deviceTime),
      receivedAt: new Date(report.receivedAt),
      values,
      old: report.old === true,
    });
  }
  if (rows.length === 0) return;
  if (rows.some((row) => row.receivedAt.getTime() - row.at.getTime() > MAY_BE_EXPIRED_MS)) {
    const cutoff = now.getTime() - (await readRetentionDays()) * DAY_MS;
    rows = rows.filter((row) => row.at.getTime() >= cutoff);
  }
  const stored = await insertVitalReadings(tx, rows);
  const live = rows.filter((row) => !row.old && row.citizenId !== null && stored.has(row.deviceId));
  if (live.length > 0) await alarmOnVitals(tx, links, tenantId, live);
}

/**
 * Raises a `vitals` alarm for a reading outside its citizen's thresholds (one active per device,
 * another such reading counts as a repeat; the history names what was out of range), and clears
 * the active one when a reading brings every measure its last occurrence had out of range back
 * within the limits (reason `normal`). A reading of other measures leaves it: a normal SpO2 says
 * nothing of a racing heart.
 */
async function alarmOnVitals(
  tx: Database,
  links: AlarmLinkBases,
  tenantId: string | null,
  readings: NewVitalReading[],
) {
  const thresholds = await findThresholdsOf(tx, tenantId, [
    ...new Set(readings.map((reading) => reading.citizenId!)),
  ]);
  if (thresholds.size === 0) return;
  const normal = new Map<string, { at: Date; measures: VitalMeasure[] }>();
  for (const reading of readings) {
    const limits = thresholds.get(reading.citizenId!);
    if (!limits) continue;
    const { outOfRange, withinRange } = checkThresholds(reading.values, limits);
    if (outOfRange.length > 0) {
      await raiseAlarm(tx, links, {
        tenantId: reading.tenantId,
        deviceId: reading.deviceId,
        kind: 'vitals',
        at: reading.at,
        detail: { outOfRange },
      });
    } else if (withinRange.length > 0) {
      normal.set(reading.deviceId, { at: reading.at, measures: withinRange });
    }
  }
  if (normal.size === 0) return;
  const active = await findActiveVitalsAlarms(tx, tenantId, [...normal.keys()]);
  const clearings = [...active].flatMap(([deviceId, measures]) => {
    const reading = normal.get(deviceId)!;
    return measures.every((measure) => reading.measures.includes(measure))
      ? [{ deviceId, kind: 'vitals' as const, at: reading.at }]
      : [];
  });
  await clearAlarms(tx, tenantId, clearings);
}
