import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { geofences } from '../geofences/geofences.schema';
import { tenants } from '../tenants/tenants.schema';
import { FENCE_CROSSINGS, type GeofenceState } from './hysteresis';

/**
 * One stored fence tracking: `[state, consecutiveOutside, consecutiveInside, since]`, where `since`
 * is the device time (ISO-8601) of the position that last changed the state. Compact, because a
 * device's row holds one per fence and is rewritten whenever a position moves any counter.
 */
export type StoredFenceTracking = [state: GeofenceState, outside: number, inside: number, since: string];

/**
 * Where each device stands towards each of its fences, with the hysteresis counters: one row per
 * device, its trackings keyed by geofence id. A position near several edges changes several
 * trackings and still writes one row (in place, a HOT update: half of each page is kept free and
 * no indexed column changes). A fence no longer guarding the wearer drops out on the next write.
 * Row-level security, no entity-change trigger: machine state, not an edit anyone makes.
 */
export const deviceFenceTrackings = pgTable('device_fence_trackings', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  trackings: jsonb('trackings').$type<Record<string, StoredFenceTracking>>().notNull(),
});

/**
 * Every enter and exit, at the device time of the position that decided it. Kept like alarms
 * (history); no entity-change trigger, the rows are themselves a log.
 */
export const geofenceEvents = pgTable(
  'geofence_events',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id').references(() => citizens.id, { onDelete: 'set null' }),
    geofenceId: uuid('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FENCE_CROSSINGS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: doublePrecision('accuracy'),
  },
  (table) => [
    index('geofence_events_tenant_at_idx').on(table.tenantId, table.at.desc()),
    index('geofence_events_device_at_idx').on(table.deviceId, table.at.desc()),
    index('geofence_events_citizen_idx').on(table.citizenId),
    index('geofence_events_geofence_idx').on(table.geofenceId),
    check('geofence_events_accuracy_check', sql`${table.accuracy} is null or ${table.accuracy} >= 0`),
  ],
);

/**
 * One row (id 1): a counter that every change to geofences or to citizens' links to them moves
 * (statement triggers, migration `geofence_generation`). The engine reads it once a batch and reuses
 * the fence links it read at the same generation (`wearer-fences.ts`), instead of asking for every
 * wearer's fences and their versions on every batch. It is moved in the changing transaction, so a
 * batch that sees the new links sees the new generation too. No tenant data: readable by all.
 */
export const geofenceGeneration = pgTable(
  'geofence_generation',
  {
    id: integer('id').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('geofence_generation_single_row', sql`${table.id} = 1`)],
);
