import type { AlarmKind, TenantKind } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { clientLinkBase, type LinkBaseConfig } from '../../platform/http/email-link-base';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';
import {
  alarmLink,
  alarmMessageLanguage,
  formatAlarmAddress,
  formatAlarmTime,
  resolveAlarmMessage,
} from './alarm-message';

/**
 * Where alarm links of a tenant of this kind point (the host's alarms: `null`). A household's
 * people use the plug-and-play client, so their links open it; everyone else's open the branded
 * client (`clientLinkBase`: PUBLIC_URL unless the configured origins say otherwise).
 */
export function alarmLinkBaseFor(tenantKind: TenantKind | null, config: LinkBaseConfig): string {
  return clientLinkBase(tenantKind === 'household' ? 'plug-and-play' : 'branded', config);
}

/**
 * The bases of `{link}` by tenant kind (`alarmLinkBasesOf` the configuration). Alarms are raised by
 * the telemetry pipeline and by jobs, which are handed these where they are made (`buildApp`,
 * main.ts), so two apps in one process each link to their own clients.
 */
export type AlarmLinkBases = Readonly<Record<'organization' | 'household', string>>;

/** Links relative to where they are opened: what a pipeline made without the configuration writes (tests). */
export const RELATIVE_ALARM_LINKS: AlarmLinkBases = { organization: '', household: '' };

export function alarmLinkBasesOf(config: LinkBaseConfig): AlarmLinkBases {
  return {
    organization: alarmLinkBaseFor('organization', config),
    household: alarmLinkBaseFor('household', config),
  };
}

/**
 * The alarm's watch: its name and last known position; and its tenant's kind, read in the same
 * query (a primary-key join) so the hot alarm path pays no query of its own for the link.
 */
async function alarmDevice(db: Database, tenantId: string | null, deviceId: string) {
  const [row] = await db
    .select({
      name: devices.name,
      latitude: devices.latitude,
      longitude: devices.longitude,
      tenantKind: tenants.kind,
    })
    .from(devices)
    .leftJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .limit(1);
  return row ?? { name: '', latitude: null, longitude: null, tenantKind: null };
}

/**
 * The subject and body a receiver of a new alarm gets: the tenant's text of the kind (or the
 * shipped one) in the message language, with the citizen, watch, time, position and a link to the
 * alarm filled in.
 */
export async function alarmNotificationMessage(
  db: Database,
  alarm: { id: string; tenantId: string | null; deviceId: string; kind: AlarmKind; who: string; at: Date },
  links: AlarmLinkBases,
): Promise<{ subject: string; body: string }> {
  const language = await alarmMessageLanguage(db);
  const device = await alarmDevice(db, alarm.tenantId, alarm.deviceId);
  return resolveAlarmMessage(db, {
    tenantId: alarm.tenantId,
    kind: alarm.kind,
    language,
    values: {
      citizen: alarm.who,
      device: device.name,
      time: formatAlarmTime(alarm.at, language),
      address: formatAlarmAddress(device),
      link: alarmLink(links[device.tenantKind ?? 'organization'], alarm.id),
    },
  });
}
