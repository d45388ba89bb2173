import { DEVICE_HISTORY_KINDS, DEVICE_STOP_KINDS, type DeviceHistoryChanges } from '@homeward/contracts';
import { index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * The administration history of a watch (migration 0059): every physical location move, sale and
 * condition edit, stop and exchange, with who did it and when. The author's name is kept as it was,
 * so the history still reads right after the user is renamed or deleted.
 */
export const deviceHistory = pgTable(
  'device_history',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEVICE_HISTORY_KINDS }).notNull(),
    /** The physical location before and after; equal when the entry did not move the watch. */
    fromLocation: smallint('from_location'),
    toLocation: smallint('to_location'),
    /** For `stop`: how the watch was stopped. */
    stopKind: text('stop_kind', { enum: DEVICE_STOP_KINDS }),
    /** For `exchange`: the other watch (the replacement on the old one's entry and back). */
    otherDeviceId: uuid('other_device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** For `sale` and `condition`: each changed field's value before and after. */
    changes: jsonb('changes').$type<DeviceHistoryChanges>(),
    note: text('note').notNull().default(''),
    changedByUserId: uuid('changed_by_user_id'),
    changedByName: text('changed_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('device_history_device_created_idx').on(table.deviceId, table.createdAt),
    index('device_history_tenant_idx').on(table.tenantId),
  ],
);

export type DeviceHistoryRow = typeof deviceHistory.$inferSelect;
export type DeviceHistoryInsert = typeof deviceHistory.$inferInsert;
