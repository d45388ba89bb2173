import { DEVICE_STATUSES } from '@homeward/contracts';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Watches (product instances). The IMEI is unique across the whole system: one watch is registered
 * once, whichever tenant has it. Issue [5 of 6] adds organization, citizen, product and the rest.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imei: text('imei').notNull(),
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('unknown'),
    /** The organization the watch belongs to; a unit with devices cannot be deleted. */
    organizationId: uuid('organization_id').references(() => organizationUnits.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_imei_unique').on(table.imei),
    index('devices_tenant_created_idx').on(table.tenantId, table.createdAt),
    index('devices_organization_idx').on(table.organizationId),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;
