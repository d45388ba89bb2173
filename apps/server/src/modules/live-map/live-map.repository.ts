import {
  ACTIVE_ALARM_STATES,
  LIVE_MAP_ALARM_SEVERITY,
  type AlarmKind,
  type DeviceStatus,
} from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, inTenant } from '../../platform/db/query-helpers';
import { alarms } from '../alarms/alarms.schema';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';

/** A citizen on the live map as the query reads it; times in milliseconds since the epoch. */
export interface LiveMapRow {
  citizenId: string;
  name: string;
  surname: string;
  organizationId: string | null;
  organizationName: string | null;
  deviceId: string | null;
  status: DeviceStatus | null;
  latitude: number | null;
  longitude: number | null;
  locationValid: boolean | null;
  locatedAt: number | null;
  lastSeenAt: number | null;
  battery: number | null;
  alarmKind: AlarmKind | null;
  alarmCount: number | null;
  outsideAlarm: boolean | null;
}

const epochMs = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Every citizen of the tenant with the watch last seen among theirs and their open alarms, in one
 * statement: the tenant's worn watches (one sort, `distinct on`) and its active alarms (the partial
 * index of active incidents, grouped by wearer) are each read once and hash-joined to the citizens,
 * rather than looked up 5,000 times. The alarm whose kind comes first in `LIVE_MAP_ALARM_SEVERITY`
 * names the citizen's alarm.
 */
export async function findLiveMapRows(db: Database, tenantId: string | null): Promise<LiveMapRow[]> {
  const severity = arrayOf(LIVE_MAP_ALARM_SEVERITY, 'text');
  const active = sql.raw(ACTIVE_ALARM_STATES.map((state) => `'${state}'`).join(', '));
  return selectRows<LiveMapRow>(
    db,
    sql`with worn as (
          select distinct on (${devices.citizenId})
              ${devices.citizenId} as citizen_id, ${devices.id} as id, ${devices.status} as status,
              ${devices.latitude} as latitude, ${devices.longitude} as longitude,
              ${devices.locationValid} as location_valid, ${devices.locatedAt} as located_at,
              ${devices.lastSeenAt} as last_seen_at, ${devices.battery} as battery
            from ${devices}
            where ${inTenant(devices.tenantId, tenantId)} and ${devices.citizenId} is not null
            order by ${devices.citizenId}, ${devices.lastSeenAt} desc nulls last, ${devices.id}
        ),
        open_alarms as (
          select ${devices.citizenId} as citizen_id,
              (array_agg(${alarms.kind} order by array_position(${severity}, ${alarms.kind}::text)))[1] as kind,
              count(*)::int as count,
              bool_or(${alarms.kind} = 'outsideGeofence') as outside
            from ${alarms}
            join ${devices} on ${devices.id} = ${alarms.deviceId}
            where ${inTenant(alarms.tenantId, tenantId)} and ${alarms.state} in (${active})
              and ${devices.citizenId} is not null
            group by ${devices.citizenId}
        )
        select ${citizens.id} as "citizenId", ${citizens.name} as name, ${citizens.surname} as surname,
            ${citizens.organizationId} as "organizationId",
            ${organizationUnits.displayName} as "organizationName",
            worn.id as "deviceId", worn.status, worn.latitude, worn.longitude,
            worn.location_valid as "locationValid",
            ${epochMs(sql`worn.located_at`)} as "locatedAt",
            ${epochMs(sql`worn.last_seen_at`)} as "lastSeenAt",
            worn.battery::int as battery,
            open_alarms.kind as "alarmKind", open_alarms.count as "alarmCount",
            open_alarms.outside as "outsideAlarm"
          from ${citizens}
          left join ${organizationUnits} on ${organizationUnits.id} = ${citizens.organizationId}
          left join worn on worn.citizen_id = ${citizens.id}
          left join open_alarms on open_alarms.citizen_id = ${citizens.id}
          where ${inTenant(citizens.tenantId, tenantId)}
          order by lower(${citizens.surname}), lower(${citizens.name}), ${citizens.id}`,
  );
}
