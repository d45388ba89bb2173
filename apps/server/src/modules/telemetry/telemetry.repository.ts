import type { DeviceStatus } from '@homeward/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, inList, inTenant, type ArrayElementType } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';

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

/** The live state the realtime `device` event carries, plus whether the location moved. */
export interface DeviceLiveState {
  id: string;
  tenantId: string | null;
  organizationId: string | null;
  status: DeviceStatus;
  battery: number | null;
  lastSeenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  locatedAt: Date | null;
  /** False when the location is coordinates sent without a fix ("last known, no fix"). */
  locationValid: boolean;
}

/** The MQTT secret hash of the device an identifier names, whichever tenant has it (owner lookup). */
export async function findDeviceMqttSecretHash(db: Database, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: devices.mqttSecretHash })
    .from(devices)
    .where(or(eq(devices.imei, identifier), eq(devices.deviceIdentifier, identifier)))
    .limit(1);
  return row?.hash ?? null;
}

/** Stores (or with null, revokes) a device's MQTT secret hash; true when the device was found. */
export async function setDeviceMqttSecretHash(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  hash: string | null,
): Promise<boolean> {
  const changed = await db
    .update(devices)
    .set({ mqttSecretHash: hash })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .returning({ id: devices.id });
  return changed.length > 0;
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
 * organization, the low-battery threshold (the citizen's setting for the watch, else the product
 * default), and whether a command is queued.
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
  const tenantFilter =
    tenantId === null ? sql`devices.tenant_id is null` : sql`devices.tenant_id = ${tenantId}`;
  const newer = sql`(v.located_at is not null and (devices.located_at is null or devices.located_at < v.located_at))`;
  const rows = await selectRows<ReportedDeviceStateRow>(
    db,
    sql`update devices set
          last_seen_at = greatest(coalesce(devices.last_seen_at, v.received_at), v.received_at),
          network_status = 'connected',
          status = case when devices.status in ('offline', 'unknown', 'offlineAlarmHandled') then 'online' else devices.status end,
          battery = coalesce(v.battery, devices.battery),
          latitude = case when ${newer} then v.latitude else devices.latitude end,
          longitude = case when ${newer} then v.longitude else devices.longitude end,
          located_at = case when ${newer} then v.located_at else devices.located_at end,
          location_valid = case when ${newer} then v.location_valid else devices.location_valid end
        from unnest(${column('uuid', (change) => change.deviceId)},
          ${column('timestamptz', (change) => change.receivedAt.toISOString())},
          ${column('int4', (change) => change.battery)},
          ${column('float8', (change) => change.location?.latitude ?? null)},
          ${column('float8', (change) => change.location?.longitude ?? null)},
          ${column('timestamptz', (change) => change.location?.at.toISOString() ?? null)},
          ${column('bool', (change) => (change.location ? String(change.location.valid) : null))})
          as v(device_id, received_at, battery, latitude, longitude, located_at, location_valid)
        where devices.id = v.device_id and ${tenantFilter}
        returning devices.id, devices.tenant_id, devices.organization_id, devices.status,
          devices.battery, date_part('epoch', devices.last_seen_at) * 1000 as last_seen_ms,
          devices.latitude, devices.longitude, date_part('epoch', devices.located_at) * 1000 as located_ms,
          devices.location_valid, devices.name, devices.citizen_id,
          (select c.name || ' ' || c.surname from citizens c where c.id = devices.citizen_id) as citizen_name,
          (select ou.geofence_id from organization_units ou where ou.id = devices.organization_id)
            as organization_geofence_id,
          coalesce(
            (select (s.settings ->> 'lowBatteryThresholdPercent')::int from citizen_device_settings s
              where s.device_id = devices.id and s.citizen_id = devices.citizen_id),
            (select (p.default_app_settings ->> 'lowBatteryThresholdPercent')::int from products p
              where p.id = devices.product_id)) as low_battery_threshold,
          exists (select 1 from device_commands q where q.device_id = devices.id and q.status = 'queued')
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
