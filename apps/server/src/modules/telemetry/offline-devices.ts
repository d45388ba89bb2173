import {
  ACTIVE_DEVICE_STATUSES,
  DEFAULT_OFFLINE_FACTOR,
  DEFAULT_REPORTING_INTERVAL_SECONDS,
  TELEMETRY_SETTINGS,
  type DeviceStatus,
} from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { columnName } from '../../platform/db/query-helpers';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { raiseAlarm } from '../alarms';
import type { AlarmLinkBases } from '../alarm-texts';
import { deviceEvent } from '../devices';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { readGlobalSetting } from '../settings';

/** Devices one statement marks; small, so row locks are short and workers share the work. */
export const OFFLINE_BATCH_SIZE = 200;

/** The offline factor; an unset or unusable value means the default (3). */
export async function readOfflineFactor(db: Database): Promise<number> {
  const value = Number(await readGlobalSetting(db, TELEMETRY_SETTINGS.offlineFactor));
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_OFFLINE_FACTOR;
}

interface MarkedRow {
  id: string;
  tenant_id: string | null;
  organization_id: string | null;
  status: DeviceStatus;
  battery: number | null;
  last_seen_at: string | Date | null;
  latitude: number | null;
  longitude: number | null;
  location_valid: boolean;
  previous_status: DeviceStatus;
}

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Marks devices offline that have been silent too long: last seen before `now` minus their
 * product's expected reporting interval (15 minutes without one) times the offline factor. A
 * reporting status (online, outside geofence, handled low battery) becomes `offline`, the network
 * `disconnected`; handled-offline and unknown keep their status. Each batch is one transaction of
 * the owner (every tenant's devices) that claims rows with `FOR UPDATE SKIP LOCKED`, so any number
 * of workers share the job and a device a report is updating right now is left for the next run.
 * Every marked device gets a realtime `device` event, sent on commit, and a device that was
 * reporting gets an `offline` alarm in the same transaction (`links`: the bases of its messages'
 * `{link}`). Returns how many were marked.
 */
export async function markOfflineDevices(
  db: Database,
  links: AlarmLinkBases,
  now: Date,
  batchSize = OFFLINE_BATCH_SIZE,
): Promise<number> {
  const factor = await readOfflineFactor(db);
  const active = sql.join(
    ACTIVE_DEVICE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const d = devices;
  let total = 0;
  for (;;) {
    const marked = await db.transaction(async (tx) => {
      const rows = await selectRows<MarkedRow>(
        tx,
        sql`with stale as (
              select ${d.id} as id, ${d.status} as previous_status from ${d}
              left join ${products} on ${products.id} = ${d.productId}
              where (${d.status} in (${active}) or ${d.networkStatus} = 'connected')
                and ${d.lastSeenAt} < ${now.toISOString()}::timestamptz - make_interval(secs =>
                  coalesce(${products.expectedReportingIntervalSeconds}, ${DEFAULT_REPORTING_INTERVAL_SECONDS}) * ${factor}::double precision)
              order by ${d.lastSeenAt}
              limit ${batchSize}
              for update of ${d} skip locked)
            update ${d} set
              ${columnName(d.status)} = case when ${d.status} in (${active}) then 'offline' else ${d.status} end,
              ${columnName(d.networkStatus)} = 'disconnected'
            from stale where ${d.id} = stale.id
            returning ${d.id} as id, ${d.tenantId} as tenant_id, ${d.organizationId} as organization_id,
              ${d.status} as status, ${d.battery} as battery, ${d.lastSeenAt} as last_seen_at,
              ${d.latitude} as latitude, ${d.longitude} as longitude, ${d.locationValid} as location_valid,
              stale.previous_status`,
      );
      for (const row of rows) {
        await publishRealtime(
          tx,
          deviceEvent({
            id: row.id,
            tenantId: row.tenant_id,
            organizationId: row.organization_id,
            status: row.status,
            battery: row.battery,
            lastSeenAt: asDate(row.last_seen_at),
            latitude: row.latitude,
            longitude: row.longitude,
            locatedAt: null,
            locationValid: row.location_valid,
          }),
        );
        // A watch that was reporting and went silent raises an offline alarm (one while open).
        if (row.status === 'offline' && row.previous_status !== 'offline') {
          await raiseAlarm(tx, links, {
            tenantId: row.tenant_id,
            deviceId: row.id,
            kind: 'offline',
            at: now,
          });
        }
      }
      return rows.length;
    });
    total += marked;
    if (marked < batchSize) return total;
  }
}
