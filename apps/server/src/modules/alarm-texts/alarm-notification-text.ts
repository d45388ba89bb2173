import type { AlarmKind } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { alarms } from '../alarms/alarms.schema';
import { devices } from '../devices/devices.schema';
import {
  alarmLink,
  alarmMessageLanguage,
  formatAlarmAddress,
  formatAlarmTime,
  resolveAlarmMessage,
} from './alarm-message';

/**
 * The base of `{link}`. Alarms are raised by the telemetry pipeline and by jobs, which carry no
 * configuration; `buildApp` sets it from PUBLIC_URL once at start-up. Unset, links are relative.
 */
let publicUrl = '';

/** Called once by `buildApp` with the configured public URL. */
export function setAlarmLinkBase(url: string): void {
  publicUrl = url;
}

/** The alarm's watch: its name and last known position. */
async function alarmDevice(db: Database, tenantId: string | null, alarmId: string) {
  const [row] = await db
    .select({ name: devices.name, latitude: devices.latitude, longitude: devices.longitude })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(inTenant(alarms.tenantId, tenantId), eq(alarms.id, alarmId)))
    .limit(1);
  return row ?? { name: '', latitude: null, longitude: null };
}

/**
 * The subject and body a receiver of a new alarm gets: the tenant's text of the kind (or the
 * shipped one) in the message language, with the citizen, watch, time, position and a link to the
 * alarm filled in.
 */
export async function alarmNotificationMessage(
  db: Database,
  alarm: { id: string; tenantId: string | null; kind: AlarmKind; who: string; at: Date },
): Promise<{ subject: string; body: string }> {
  const language = await alarmMessageLanguage(db);
  const device = await alarmDevice(db, alarm.tenantId, alarm.id);
  return resolveAlarmMessage(db, {
    tenantId: alarm.tenantId,
    kind: alarm.kind,
    language,
    values: {
      citizen: alarm.who,
      device: device.name,
      time: formatAlarmTime(alarm.at, language),
      address: formatAlarmAddress(device),
      link: alarmLink(publicUrl, alarm.id),
    },
  });
}
