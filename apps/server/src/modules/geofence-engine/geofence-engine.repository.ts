import { GEOFENCE_ENGINE_SETTINGS, type DeviceStatus } from '@homeward/contracts';
import { and, eq, sql, type Column } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { uuidv7 } from '../../platform/db/uuid-v7';
import {
  arrayOf,
  columnName,
  columnNames,
  inList,
  inTenant,
  type ArrayElementType,
} from '../../platform/db/query-helpers';
import { citizenGeofences } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { geofences, type GeofenceRow } from '../geofences/geofences.schema';
import { globalSettingValue } from '../settings';
import type { FenceTracking } from './hysteresis';
import {
  deviceFenceTrackings,
  geofenceEvents,
  geofenceGeneration,
  type StoredFenceTracking,
} from './geofence-engine.schema';

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
  const links = citizenGeofences;
  // Raw rows: a batch reads five a device, and the query builder's row mapping showed in profiles.
  const rows = await selectRows<{ citizen_id: string; geofence_id: string; updated_at: Date | string }>(
    db,
    // The fence of each link by its primary key. `offset 0` keeps the planner from flattening the
    // lateral into a hash join over every fence of every tenant, its choice once fences outnumber
    // a batch's links (bench:ingest, 10,000 watches with 5 fences each: 9 ms a batch instead of 3).
    sql`select ${links.citizenId} as citizen_id, fence.geofence_id, fence.updated_at
        from ${links} cross join lateral (
          select ${geofences.id} as geofence_id, ${geofences.updatedAt} as updated_at from ${geofences}
          where ${geofences.id} = ${links.geofenceId} offset 0) fence
        where ${inTenant(links.tenantId, tenantId)} and ${inList(links.citizenId, citizenIds)}`,
  );
  return rows.map((row) => ({
    citizenId: row.citizen_id,
    geofenceId: row.geofence_id,
    updatedAt: new Date(row.updated_at),
  }));
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

/** A device's tracking towards one fence, with when its state last changed (device time, ISO). */
export interface StoredTracking extends FenceTracking {
  since: string;
}

/** What the engine reads once a batch, before it evaluates the batch's positions. */
export interface EngineState {
  /** The geofence generation (`geofence_generation`): it moves with every change to fences or links. */
  generation: number;
  /** `Homeward.Geofence.ExitConfirmations` as stored (a global setting), if set. */
  exitConfirmations: string | undefined;
  /** The devices' trackings towards their fences, by device then fence (untracked ones are missing). */
  trackings: Map<string, Map<string, StoredTracking>>;
}

/**
 * The engine's state for a batch's devices, in one statement: the geofence generation, the exit
 * confirmations setting, and the devices' trackings (a row per tracked device).
 */
export async function readEngineState(
  db: Database,
  tenantId: string | null,
  deviceIds: string[],
): Promise<EngineState> {
  const g = geofenceGeneration;
  const t = deviceFenceTrackings;
  const rows = await selectRows<{
    generation: number | string | null;
    exit_confirmations: string | null;
    device_id: string | null;
    trackings: Record<string, StoredFenceTracking> | null;
  }>(
    db,
    // The trackings by one primary-key probe per device, whatever the statistics say: the table is
    // written on nearly every position, so its statistics lag its growth, and a plain `= any(...)`
    // over a table thought small was planned as a sequential scan of every row.
    sql`select state.generation, state.exit_confirmations, tracking.device_id, tracking.trackings
        from (select
            (select ${g.generation} from ${g} where ${g.id} = 1) as generation,
            ${globalSettingValue(GEOFENCE_ENGINE_SETTINGS.exitConfirmations)} as exit_confirmations) state
        left join lateral (
          select found.device_id, found.trackings
          from unnest(${arrayOf(deviceIds)}) as wanted(device_id) cross join lateral (
            select ${t.deviceId} as device_id, ${t.trackings} as trackings from ${t}
            where ${t.deviceId} = wanted.device_id
              and ${inTenant(t.tenantId, tenantId)} offset 0) found) tracking on true`,
  );
  const trackings = new Map<string, Map<string, StoredTracking>>();
  for (const row of rows) {
    if (row.device_id === null || row.trackings === null) continue;
    const byFence = new Map<string, StoredTracking>();
    for (const [geofenceId, [state, consecutiveOutside, consecutiveInside, since]] of Object.entries(
      row.trackings,
    )) {
      byFence.set(geofenceId, { state, consecutiveOutside, consecutiveInside, since });
    }
    trackings.set(row.device_id, byFence);
  }
  const first = rows[0];
  return {
    generation: Number(first?.generation ?? 0),
    exitConfirmations: first?.exit_confirmations ?? undefined,
    trackings,
  };
}

/** A device's trackings towards all of its current fences, to be stored whole. */
export interface DeviceTrackings {
  deviceId: string;
  trackings: ReadonlyMap<string, StoredTracking>;
}

/**
 * Stores the devices' trackings, a row per device, for a whole batch in one statement (one JSON
 * parameter). Rows go in device order, so concurrent batches lock in one order.
 */
export async function saveFenceTrackings(
  db: Database,
  tenantId: string | null,
  entries: DeviceTrackings[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = [...entries]
    .sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1))
    .map(({ deviceId, trackings }) => ({
      device_id: deviceId,
      trackings: Object.fromEntries(
        [...trackings].map(([geofenceId, tracking]): [string, StoredFenceTracking] => [
          geofenceId,
          [tracking.state, tracking.consecutiveOutside, tracking.consecutiveInside, tracking.since],
        ]),
      ),
    }));
  const t = deviceFenceTrackings;
  await db.execute(sql`
    insert into ${t} (${columnNames(t.deviceId, t.tenantId, t.trackings)})
    select v.device_id, ${tenantId}::uuid, v.trackings
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(device_id uuid, trackings jsonb)
    on conflict (${columnNames(t.deviceId)})
      do update set ${columnName(t.trackings)} = excluded.${columnName(t.trackings)}`);
}

export type NewGeofenceEvent = typeof geofenceEvents.$inferInsert;

/** Records a batch's crossings with one statement: one array a column, unnested side by side. */
export async function insertGeofenceEvents(db: Database, events: NewGeofenceEvent[]): Promise<void> {
  if (events.length === 0) return;
  const e = geofenceEvents;
  // Each inserted column with its values, in the insert's order.
  const columns: [Column, ArrayElementType, (event: NewGeofenceEvent) => string | number | null][] = [
    [e.id, 'uuid', (event) => event.id ?? uuidv7()],
    [e.tenantId, 'uuid', (event) => event.tenantId ?? null],
    [e.deviceId, 'uuid', (event) => event.deviceId],
    [e.citizenId, 'uuid', (event) => event.citizenId ?? null],
    [e.geofenceId, 'uuid', (event) => event.geofenceId],
    [e.kind, 'text', (event) => event.kind],
    [e.at, 'timestamptz', (event) => event.at.toISOString()],
    [e.latitude, 'float8', (event) => event.latitude],
    [e.longitude, 'float8', (event) => event.longitude],
    [e.accuracy, 'float8', (event) => event.accuracy ?? null],
  ];
  await db.execute(sql`
    insert into ${e} (${columnNames(...columns.map(([column]) => column))})
    select * from unnest(${sql.join(
      columns.map(([, type, value]) => arrayOf(events.map(value), type)),
      sql`, `,
    )})`);
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
