import type { DeviceStatus } from '@homeward/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { citizenGeofences } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { geofences, type GeofenceRow } from '../geofences/geofences.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import type { FenceTracking } from './hysteresis';
import { deviceGeofenceStates, geofenceEvents } from './geofence-engine.schema';

/** The citizen wearing a device and the default geofence of the device's organization. */
export async function findDeviceWearer(
  db: Database,
  tenantId: string | null,
  deviceId: string,
): Promise<{ citizenId: string | null; organizationGeofenceId: string | null } | undefined> {
  const [row] = await db
    .select({ citizenId: devices.citizenId, organizationGeofenceId: organizationUnits.geofenceId })
    .from(devices)
    .leftJoin(organizationUnits, eq(organizationUnits.id, devices.organizationId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)));
  return row;
}

/** The geofences linked to a citizen. */
export async function findCitizenGeofences(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<GeofenceRow[]> {
  const rows = await db
    .select({ geofence: geofences })
    .from(citizenGeofences)
    .innerJoin(geofences, eq(geofences.id, citizenGeofences.geofenceId))
    .where(and(inTenant(citizenGeofences.tenantId, tenantId), eq(citizenGeofences.citizenId, citizenId)));
  return rows.map((row) => row.geofence);
}

export async function findGeofenceById(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<GeofenceRow | undefined> {
  const [row] = await db
    .select()
    .from(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), eq(geofences.id, id)));
  return row;
}

/** A device's tracking towards the given fences (untracked fences are missing). */
export async function findFenceTrackings(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  geofenceIds: string[],
): Promise<Map<string, FenceTracking>> {
  const rows = await db
    .select()
    .from(deviceGeofenceStates)
    .where(
      and(
        inTenant(deviceGeofenceStates.tenantId, tenantId),
        eq(deviceGeofenceStates.deviceId, deviceId),
        inArray(deviceGeofenceStates.geofenceId, geofenceIds),
      ),
    );
  return new Map(rows.map((row) => [row.geofenceId, row]));
}

/** Writes the trackings that changed; `changed_at` moves only when the state does. */
export async function saveFenceTrackings(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  trackings: { geofenceId: string; tracking: FenceTracking }[],
  now: Date,
): Promise<void> {
  if (trackings.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .insert(deviceGeofenceStates)
    .values(
      trackings.map(({ geofenceId, tracking }) => ({
        tenantId,
        deviceId,
        geofenceId,
        ...tracking,
        changedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [deviceGeofenceStates.deviceId, deviceGeofenceStates.geofenceId],
      set: {
        state: sql`excluded.state`,
        consecutiveOutside: sql`excluded.consecutive_outside`,
        consecutiveInside: sql`excluded.consecutive_inside`,
        changedAt: sql`case when ${deviceGeofenceStates.state} = excluded.state then ${deviceGeofenceStates.changedAt} else ${at} end`,
      },
    });
}

export type NewGeofenceEvent = typeof geofenceEvents.$inferInsert;

export async function insertGeofenceEvents(db: Database, events: NewGeofenceEvent[]): Promise<void> {
  if (events.length > 0) await db.insert(geofenceEvents).values(events);
}

/**
 * Moves a device's status between `online` and `outsideGeofence` only: offline and handled-alarm
 * statuses belong to other rules. Returns the new status, or null when nothing changed.
 */
export async function setGeofenceStatus(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  to: Extract<DeviceStatus, 'online' | 'outsideGeofence'>,
): Promise<DeviceStatus | null> {
  const from: DeviceStatus = to === 'online' ? 'outsideGeofence' : 'online';
  const rows = await db
    .update(devices)
    .set({ status: to })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId), eq(devices.status, from)))
    .returning({ status: devices.status });
  return rows[0]?.status ?? null;
}
