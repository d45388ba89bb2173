import { SIMCARD_STATUSES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's SIM cards (migration 0060). The ICCID (digits only) is unique per tenant; the MSISDN
 * (E.164) is unique among the tenant's active SIMs, since operators reuse a deactivated SIM's
 * number. `device_id` is the watch the SIM sits in: one SIM per watch, and only while active.
 */
export const simcards = pgTable(
  'simcards',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    msisdn: text('msisdn').notNull(),
    operator: text('operator').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: SIMCARD_STATUSES }).notNull().default('active'),
    /** The paired watch; deleting the watch leaves the SIM unpaired. */
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('simcards_tenant_iccid_unique').on(table.tenantId, table.iccid),
    unique('simcards_device_unique').on(table.deviceId),
    uniqueIndex('simcards_tenant_active_msisdn_unique')
      .on(table.tenantId, table.msisdn)
      .where(sql`${table.status} = 'active'`),
    index('simcards_tenant_created_idx').on(table.tenantId, table.createdAt),
    check('simcards_status_check', sql`${table.status} IN ('active', 'deactivated')`),
    check('simcards_paired_when_active_check', sql`${table.deviceId} IS NULL OR ${table.status} = 'active'`),
  ],
);

export type SimcardRow = typeof simcards.$inferSelect;
export type SimcardInsert = typeof simcards.$inferInsert;
