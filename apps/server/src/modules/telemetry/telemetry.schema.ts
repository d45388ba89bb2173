import { DEVICE_REPORT_KINDS, POSITION_SOURCES } from '@homeward/contracts';
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Where each device has been: one row per report that gave a position (a GPS fix, a Wi-Fi fix
 * from the tenant's trusted networks, or coordinates without a fix, flagged `valid = false`). The
 * table is range-partitioned by month on `device_time` (migration `telemetry_policies`; drizzle-kit
 * cannot declare partitioning, so the custom migration recreates the table it generates). That is why the primary key includes `device_time`, and why
 * old months are dropped whole by the retention job (`position-partitions.ts`), never row by row.
 * Deleting a device (or tenant) deletes its track with it.
 *
 * The unique index on (device, device time, kind) is the pipeline's dedupe: a device re-sending a
 * report it got no answer for stores nothing the second time.
 */
export const devicePositions = pgTable(
  'device_positions',
  {
    id: uuid('id').notNull().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: DEVICE_REPORT_KINDS }).notNull(),
    protocol: text('protocol').notNull(),
    source: text('source', { enum: POSITION_SOURCES }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyMeters: doublePrecision('accuracy_meters'),
    speedKnots: doublePrecision('speed_knots'),
    bearing: doublePrecision('bearing'),
    altitude: doublePrecision('altitude'),
    battery: doublePrecision('battery'),
    /**
     * False for coordinates the device sent without a fix (a watch's `V` frame, OsmAnd
     * `valid=false`) that trusted Wi-Fi could not replace: "last known, no fix", never a fence
     * crossing. An old report (device time over 30 days back) is told by `received_at - device_time`.
     */
    valid: boolean('valid').notNull().default(true),
  },
  (table) => [
    primaryKey({ name: 'device_positions_pkey', columns: [table.id, table.deviceTime] }),
    uniqueIndex('device_positions_dedupe_unique').on(table.deviceId, table.deviceTime, table.kind),
    // A device's track, newest first, within the tenant.
    index('device_positions_tenant_device_time_idx').on(table.tenantId, table.deviceId, table.deviceTime),
  ],
);

export type DevicePositionRow = typeof devicePositions.$inferSelect;
