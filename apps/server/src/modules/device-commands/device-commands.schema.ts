import { DEVICE_COMMAND_CHANNELS, DEVICE_COMMAND_STATUSES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { commandTemplates } from '../command-templates/command-templates.schema';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Device commands (DESIGN §6, the terminal): queued until a channel takes them. The gateways take
 * the oldest queued one after each report, or at once when the device is connected (command
 * delivery); `sent` once handed over, `acknowledged` when the device answered, `failed` with a
 * reason (a translation key) when it could not be delivered or was not answered in time.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    status: text('status', { enum: DEVICE_COMMAND_STATUSES }).notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The template it was made from (the terminal); null for built-in requests. */
    templateId: uuid('template_id').references(() => commandTemplates.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: DEVICE_COMMAND_CHANNELS }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
  },
  (table) => [
    // The acknowledgement timeout job: sent commands, oldest first.
    index('device_commands_sent_idx')
      .on(table.sentAt)
      .where(sql`${table.status} = 'sent'`),
    // The terminal's history: a device's commands, newest first.
    index('device_commands_device_created_idx').on(table.deviceId, table.createdAt),
    // The queue: a device's queued commands, oldest first.
    index('device_commands_queued_idx')
      .on(table.deviceId, table.createdAt, table.id)
      .where(sql`${table.status} = 'queued'`),
    index('device_commands_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
