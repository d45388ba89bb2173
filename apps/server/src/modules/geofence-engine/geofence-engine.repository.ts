import type { DeviceStatus } from '@homeward/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inList, inTenant } from '../../platform/db/query-helpers';
import { citizenGeofences } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { geofences, type GeofenceRow } from '../geofences/geofences.schema';
import type { FenceTracking } from './hysteresis';
import { deviceGeofenceStates, geofenceEvents } from './geofence-engine.schema';

/** Which geofence (and its version) guards which citizen, for a batch's wearers. */
export interface CitizenFenceVersion {
  citizenId: string;
  geofenceId: string;
  updatedAt: Date;
}

/** The geofences linked to each of the citizens: ids and versions only (geometry is cached). */
export async function findCitizenFenceVersions(
  db: Database,
  tenantId: string | null,
  citizenIds: string[],
): Promise<CitizenFenceVersion[]> {
  if (citizenIds.length === 0) return [];
  return db
    .select({
      citizenId: citizenGeofences.citizenId,
      geofenceId: geofences.id,
      updatedAt: geofences.updatedAt,
    })
    .from(citizenGeofences)
    .innerJoin(geofences, eq(geofences.id, citizenGeofences.geofenceId))
    .where(
      and(inTenant(citizenGeofences.tenantId, tenantId), inList(citizenGeofences.citizenId, citizenIds)),
    );
}

/** Ids and versions of the given geofences that the tenant has. */
export async function findFenceVersions(
  db: Database,
  tenantId: string | null,
  ids: string[],
): Promise<{ geofenceId: string; updatedAt: Date }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ geofenceId: geofences.id, updatedAt: geofences.updatedAt })
    .from(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), inList(geofences.id, ids)));
}

/** Whole geofence rows by id, in the tenant. */
export async function findGeofencesByIds(
  db: Database,
  tenantId: string | null,
  ids: string[],
): Promise<GeofenceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(geofences)
    .where(and(inTenant(geofences.tenantId, tenantId), inList(geofences.id, ids)));
}

/** The devices' trackings towards their fences, by device then fence (untracked ones are missing). */
export async function findFenceTrackings(
  db: Database,
  tenantId: string | null,
  deviceIds: string[],
): Promise<Map<string, Map<string, FenceTracking>>> {
  const byDevice = new Map<string, Map<string, FenceTracking>>();
  if (deviceIds.length === 0) return byDevice;
  const rows = await db
    .select()
    .from(deviceGeofenceStates)
    .where(
      and(
        inTenant(deviceGeofenceStates.tenantId, tenantId),
        inList(deviceGeofenceStates.deviceId, deviceIds),
      ),
    );
  for (const row of rows) {
    const trackings = byDevice.get(row.deviceId) ?? new Map<string, FenceTracking>();
    trackings.set(row.geofenceId, row);
    byDevice.set(row.deviceId, trackings);
  }
  return byDevice;
}

/** One device's new tracking towards one fence, decided by a position at `at`. */
export interface FenceTrackingChange {
  deviceId: string;
  geofenceId: string;
  tracking: FenceTracking;
  at: Date;
}

/**
 * Writes the trackings that changed, for a whole batch in one statement; `changed_at` moves only
 * when the state does. Rows go in (device, fence) order, so concurrent batches lock in one order.
 */
export async function saveFenceTrackings(
  db: Database,
  tenantId: string | null,
  changes: FenceTrackingChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const rows = [...changes]
    .sort((a, b) =>
      a.deviceId === b.deviceId ? (a.geofenceId < b.geofenceId ? -1 : 1) : a.deviceId < b.deviceId ? -1 : 1,
    )
    .map(({ deviceId, geofenceId, tracking, at }) => ({
      tenant_id: tenantId,
      device_id: deviceId,
      geofence_id: geofenceId,
      state: tracking.state,
      consecutive_outside: tracking.consecutiveOutside,
      consecutive_inside: tracking.consecutiveInside,
      changed_at: at.toISOString(),
    }));
  // One JSON parameter instead of seven bind values a row: a batch writes up to five rows a device.
  await db.execute(sql`
    insert into device_geofence_states
      (tenant_id, device_id, geofence_id, state, consecutive_outside, consecutive_inside, changed_at)
    select tenant_id, device_id, geofence_id, state, consecutive_outside, consecutive_inside, changed_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(
      tenant_id uuid, device_id uuid, geofence_id uuid, state text,
      consecutive_outside integer, consecutive_inside integer, changed_at timestamptz)
    on conflict (device_id, geofence_id) do update set
      state = excluded.state,
      consecutive_outside = excluded.consecutive_outside,
      consecutive_inside = excluded.consecutive_inside,
      changed_at = case when device_geofence_states.state = excluded.state
        then device_geofence_states.changed_at else excluded.changed_at end`);
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
