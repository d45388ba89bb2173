import type { DeviceStatus } from '@homeward/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';
import { devicePositions } from './telemetry.schema';

/** Who a report belongs to: the device and the tenant whose scope its writes run in. */
export interface ReportingDevice {
  id: string;
  tenantId: string | null;
  organizationId: string | null;
}

/**
 * The device a gateway identifier names, whichever tenant has it: the IMEI or the id the watch
 * reports itself by (both unique system-wide). Gateways are not signed in, so this runs on the
 * owner connection, outside row-level security; every write afterwards runs in the device's tenant.
 */
export async function findReportingDevice(db: Database, identifier: string): Promise<ReportingDevice | null> {
  const [row] = await db
    .select({ id: devices.id, tenantId: devices.tenantId, organizationId: devices.organizationId })
    .from(devices)
    .where(or(eq(devices.imei, identifier), eq(devices.deviceIdentifier, identifier)))
    .limit(1);
  return row ?? null;
}

export type NewDevicePosition = typeof devicePositions.$inferInsert;

/** Stores a position unless the same (device, device time, kind) is stored already; true if stored. */
export async function insertDevicePosition(db: Database, values: NewDevicePosition): Promise<boolean> {
  const inserted = await db
    .insert(devicePositions)
    .values(values)
    .onConflictDoNothing({
      target: [devicePositions.deviceId, devicePositions.deviceTime, devicePositions.kind],
    })
    .returning({ id: devicePositions.id });
  return inserted.length > 0;
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
}

/**
 * Applies one report to the device's live state in one statement: last seen (never backwards),
 * network connected, battery when reported, the location only when the report's is newer than the
 * stored one (a re-uploaded old track never moves the watch back), and `online` from `offline`, a
 * handled offline alarm or
 * `unknown`. The other statuses (outside geofence, handled alarms) belong to the alarm rules.
 */
export async function updateDeviceLiveState(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  report: {
    receivedAt: Date;
    battery?: number;
    location?: { latitude: number; longitude: number; at: Date };
  },
): Promise<DeviceLiveState | null> {
  const received = sql`${report.receivedAt.toISOString()}::timestamptz`;
  const location = report.location;
  const at = location ? sql`${location.at.toISOString()}::timestamptz` : undefined;
  const newer = at ? sql`(${devices.locatedAt} is null or ${devices.locatedAt} < ${at})` : undefined;
  const [row] = await db
    .update(devices)
    .set({
      lastSeenAt: sql`greatest(coalesce(${devices.lastSeenAt}, ${received}), ${received})`,
      networkStatus: 'connected',
      status: sql`case when ${devices.status} in ('offline', 'unknown', 'offlineAlarmHandled') then 'online' else ${devices.status} end`,
      ...(report.battery !== undefined ? { battery: Math.round(report.battery) } : {}),
      ...(location && newer
        ? {
            latitude: sql`case when ${newer} then ${location.latitude}::double precision else ${devices.latitude} end`,
            longitude: sql`case when ${newer} then ${location.longitude}::double precision else ${devices.longitude} end`,
            locatedAt: sql`case when ${newer} then ${at} else ${devices.locatedAt} end`,
          }
        : {}),
    })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .returning({
      id: devices.id,
      tenantId: devices.tenantId,
      organizationId: devices.organizationId,
      status: devices.status,
      battery: devices.battery,
      lastSeenAt: devices.lastSeenAt,
      latitude: devices.latitude,
      longitude: devices.longitude,
      locatedAt: devices.locatedAt,
    });
  return row ?? null;
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
