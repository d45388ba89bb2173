import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { geofences } from '../geofences/geofences.schema';
import { tenants } from '../tenants/tenants.schema';
import { FENCE_CROSSINGS, GEOFENCE_STATES } from './hysteresis';

/**
 * Where each device stands towards each of its fences, with the hysteresis counters. Written on
 * every position (high volume), so it has row-level security but no entity-change trigger: it is
 * machine state, not an edit anyone makes.
 */
export const deviceGeofenceStates = pgTable(
  'device_geofence_states',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    geofenceId: uuid('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
    state: text('state', { enum: GEOFENCE_STATES }).notNull().default('unknown'),
    consecutiveOutside: integer('consecutive_outside').notNull().default(0),
    consecutiveInside: integer('consecutive_inside').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.geofenceId] }),
    index('device_geofence_states_geofence_idx').on(table.geofenceId),
  ],
);

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
