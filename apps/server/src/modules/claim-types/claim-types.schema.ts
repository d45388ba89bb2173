import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';

export const CLAIM_VALUE_TYPES = ['string', 'int', 'boolean', 'datetime'] as const;

/**
 * Claim types, managed by the host and shared by all tenants (no `tenant_id`): the names that role
 * and user claims may use, with an optional regex their values must match.
 */
export const claimTypes = pgTable(
  'claim_types',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    regex: text('regex'),
    regexDescription: text('regex_description'),
    description: text('description'),
    valueType: text('value_type', { enum: CLAIM_VALUE_TYPES }).notNull().default('string'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('claim_types_name_unique').on(sql`lower(${table.name})`)],
);

export type ClaimTypeRow = typeof claimTypes.$inferSelect;
