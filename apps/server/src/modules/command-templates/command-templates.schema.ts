import type { CommandTemplateVariable } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's command templates (spec §3 Command template): a device command text with `%{var}`
 * placeholders and the declared variables, optionally for one product (device family). The name is
 * unique per tenant in any case. `is_text_message`: the command goes to the watch's SIM by SMS.
 */
export const commandTemplates = pgTable(
  'command_templates',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    commandText: text('command_text').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variables: jsonb('variables').$type<CommandTemplateVariable[]>().notNull().default([]),
    isTextMessage: boolean('is_text_message').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('command_templates_tenant_name_unique').on(
      sql`coalesce(${table.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.name})`,
    ),
    index('command_templates_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

export type CommandTemplateRow = typeof commandTemplates.$inferSelect;
