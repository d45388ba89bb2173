import type { LiveMap, LiveMapCitizen } from '@homeward/contracts';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './live-map.repository';

const isoOfMs = (ms: number | null) => (ms === null ? null : new Date(Math.round(ms)).toISOString());

function toLiveMapCitizen(row: repository.LiveMapRow): LiveMapCitizen {
  const located = row.latitude !== null && row.longitude !== null;
  return {
    citizenId: row.citizenId,
    name: `${row.name} ${row.surname}`.trim(),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    deviceId: row.deviceId,
    status: row.status,
    latitude: located ? row.latitude : null,
    longitude: located ? row.longitude : null,
    locationValid: row.locationValid ?? true,
    locatedAt: located ? isoOfMs(row.locatedAt) : null,
    lastSeenAt: isoOfMs(row.lastSeenAt),
    battery: row.battery,
    outsideGeofence: row.status === 'outsideGeofence' || row.outsideAlarm === true,
    alarm: row.alarmKind ? { kind: row.alarmKind, count: Number(row.alarmCount ?? 1) } : null,
  };
}

/**
 * live-map: every citizen of the caller's tenant scope, as the citizens list shows them (it limits
 * them to the tenant only), at their watch's last position with its live state and open alarms.
 */
export async function getLiveMap(ctx: Pick<RequestContext, 'db' | 'tenantId' | 'now'>): Promise<LiveMap> {
  const at = ctx.now().toISOString();
  const rows = await repository.findLiveMapRows(ctx.db, ctx.tenantId);
  return { items: rows.map(toLiveMapCitizen), at };
}
