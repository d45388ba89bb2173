import type { DeviceStatus } from '@homeward/contracts';
import { or, sql, type Column, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, columnName, inList, type ArrayElementType } from '../../platform/db/query-helpers';
import { storedLowBatteryThreshold } from '../alarms';
import { citizens } from '../citizens/citizens.schema';
import { deviceCommands } from '../device-commands/device-commands.schema';
import type { DeviceLiveState } from '../devices';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';

/** Who a report belongs to: the device and the tenant whose scope its writes run in. */
export interface ReportingDevice {
  id: string;
  tenantId: string | null;
  organizationId: string | null;
}

/**
 * The devices that gateway identifiers name (identifier → device, for those found), whichever
 * tenant has them: the IMEI or the id the watch reports itself by (both unique system-wide).
 * Gateways are not signed in, so this runs on the owner connection, outside row-level security;
 * every write afterwards runs in the device's tenant.
 */
export async function findReportingDevices(
  db: Database,
  identifiers: string[],
): Promise<Map<string, ReportingDevice>> {
  const rows = await db
    .select({
      id: devices.id,
      tenantId: devices.tenantId,
      organizationId: devices.organizationId,
      imei: devices.imei,
      deviceIdentifier: devices.deviceIdentifier,
    })
    .from(devices)
    .where(
      or(inList(devices.imei, identifiers, 'text'), inList(devices.deviceIdentifier, identifiers, 'text')),
    );
  const wanted = new Set(identifiers);
  const found = new Map<string, ReportingDevice>();
  for (const { imei, deviceIdentifier, ...device } of rows) {
    if (wanted.has(imei)) found.set(imei, device);
    if (deviceIdentifier !== null && wanted.has(deviceIdentifier)) found.set(deviceIdentifier, device);
  }
  return found;
}

/** One device's part of a batch's live-state update (see `updateDeviceLiveStates`). */
export interface LiveStateChange {
  deviceId: string;
  receivedAt: Date;
  /** Rounded percent, or null when the report gave none (the stored one is kept). */
  battery: number | null;
  /**
   * The report's position, whether it is a fix, and its device time; null when it gave none or
   * must not become current (an old report).
   */
  location: { latitude: number; longitude: number; valid: boolean; at: Date } | null;
}

/**
 * A device's live state after a report, with what the alarm rules, the geofence engine and the
 * gateways need of it, read in the same statement: the wearer, the default geofence of the device's
 * organization, the stored low-battery threshold (`storedLowBatteryThreshold` of modules/alarms: the
 * citizen's setting for the watch, else the product default), and whether a command is queued.
 */
export interface ReportedDeviceState extends DeviceLiveState {
  name: string;
  citizenId: string | null;
  citizenName: string | null;
  organizationGeofenceId: string | null;
  lowBatteryThreshold: number | null;
  /** A command waits in the device's queue (the gateway then takes it). */
  commandQueued: boolean;
}

interface ReportedDeviceStateRow {
  id: string;
  tenant_id: string | null;
  organization_id: string | null;
  status: DeviceStatus;
  battery: number | null;
  /** Milliseconds since the epoch (a double): far cheaper for the driver to read than a timestamp. */
  last_seen_ms: number | string | null;
  latitude: number | null;
  longitude: number | null;
  located_ms: number | string | null;
  location_valid: boolean;
  name: string;
  citizen_id: string | null;
  citizen_name: string | null;
  organization_geofence_id: string | null;
  low_battery_threshold: number | null;
  command_queued: boolean;
}

// Rounded: the times are whole milliseconds (they come from JavaScript dates), and a double's last
// bit must not turn 0.123 s into 0.122 s (the geofence engine compares them exactly).
const dateOrNull = (epochMs: number | string | null) =>
  epochMs === null ? null : new Date(Math.round(Number(epochMs)));

/**
 * Applies a batch's reports to their devices' live state in one statement (one device at most
 * once): last seen never goes back, network connected, battery when reported, the location only
 * when the report's is newer than the stored one (a re-uploaded old track never moves the watch
 * back), and `online` from offline, unknown or a handled offline alarm; the other statuses
 * (outside geofence, handled alarms) belong to the alarm rules. Devices are updated in id order,
 * so concurrent batches lock rows in one order. Devices no longer in the tenant are missing from
 * the answer.
 */
export async function updateDeviceLiveStates(
  db: Database,
  tenantId: string | null,
  changes: LiveStateChange[],
): Promise<Map<string, ReportedDeviceState>> {
  if (changes.length === 0) return new Map();
  const sorted = [...changes].sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1));
  // One array a column, unnested side by side.
  const column = (type: ArrayElementType, value: (change: LiveStateChange) => string | number | null) =>
    arrayOf(sorted.map(value), type);
  const d = devices;
  const tenantFilter = tenantId === null ? sql`${d.tenantId} is null` : sql`${d.tenantId} = ${tenantId}`;
  const newer = sql`(v.located_at is not null and (${d.locatedAt} is null or ${d.locatedAt} < v.located_at))`;
  const set = (column: Column, value: SQL) => sql`${columnName(column)} = ${value}`;
  const located = (column: Column, value: SQL) =>
    set(column, sql`case when ${newer} then ${value} else ${column} end`);
  const rows = await selectRows<ReportedDeviceStateRow>(
    db,
    sql`update ${d} set
          ${set(d.lastSeenAt, sql`greatest(coalesce(${d.lastSeenAt}, v.received_at), v.received_at)`)},
          ${set(d.networkStatus, sql`'connected'`)},
          ${set(d.status, sql`case when ${d.status} in ('offline', 'unknown', 'offlineAlarmHandled') then 'online' else ${d.status} end`)},
          ${set(d.battery, sql`coalesce(v.battery, ${d.battery})`)},
          ${located(d.latitude, sql`v.latitude`)},
          ${located(d.longitude, sql`v.longitude`)},
          ${located(d.locatedAt, sql`v.located_at`)},
          ${located(d.locationValid, sql`v.location_valid`)}
        from unnest(${column('uuid', (change) => change.deviceId)},
          ${column('timestamptz', (change) => change.receivedAt.toISOString())},
          ${column('int4', (change) => change.battery)},
          ${column('float8', (change) => change.location?.latitude ?? null)},
          ${column('float8', (change) => change.location?.longitude ?? null)},
          ${column('timestamptz', (change) => change.location?.at.toISOString() ?? null)},
          ${column('bool', (change) => (change.location ? String(change.location.valid) : null))})
          as v(device_id, received_at, battery, latitude, longitude, located_at, location_valid)
        where ${d.id} = v.device_id and ${tenantFilter}
        returning ${d.id} as id, ${d.tenantId} as tenant_id, ${d.organizationId} as organization_id,
          ${d.status} as status, ${d.battery} as battery,
          date_part('epoch', ${d.lastSeenAt}) * 1000 as last_seen_ms,
          ${d.latitude} as latitude, ${d.longitude} as longitude,
          date_part('epoch', ${d.locatedAt}) * 1000 as located_ms,
          ${d.locationValid} as location_valid, ${d.name} as name, ${d.citizenId} as citizen_id,
          (select ${citizens.name} || ' ' || ${citizens.surname} from ${citizens}
            where ${citizens.id} = ${d.citizenId}) as citizen_name,
          (select ${organizationUnits.geofenceId} from ${organizationUnits}
            where ${organizationUnits.id} = ${d.organizationId}) as organization_geofence_id,
          ${storedLowBatteryThreshold} as low_battery_threshold,
          exists (select 1 from ${deviceCommands}
            where ${deviceCommands.deviceId} = ${d.id} and ${deviceCommands.status} = 'queued')
            as command_queued`,
  );
  return new Map(
    rows.map((row): [string, ReportedDeviceState] => [
      row.id,
      {
        id: row.id,
        tenantId: row.tenant_id,
        organizationId: row.organization_id,
        status: row.status,
        battery: row.battery,
        lastSeenAt: dateOrNull(row.last_seen_ms),
        latitude: row.latitude,
        longitude: row.longitude,
        locatedAt: dateOrNull(row.located_ms),
        locationValid: row.location_valid,
        name: row.name,
        citizenId: row.citizen_id,
        citizenName: row.citizen_name,
        organizationGeofenceId: row.organization_geofence_id,
        lowBatteryThreshold: row.low_battery_threshold,
        commandQueued: row.command_queued,
      },
    ]),
  );
}
