import {
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TenantKind } from '@homeward/contracts';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { users } from '../users/users.schema';

/**
 * The words of a tenant's name as full text search sees them (punctuation as spaces), for the
 * search by any word's start; the same expression as the index `tenants_name_words_idx`.
 */
export const TENANT_NAME_WORDS = sql.raw(
  `to_tsvector('simple', regexp_replace("tenants"."name", '[^[:alnum:]]+', ' ', 'g'))`,
);

/**
 * Tenants: organizations (municipalities, care providers) and households (plug-and-play, a tenant
 * per household, DESIGN §9). A host table: it has no `tenant_id` of its own. Users, roles and every
 * tenant-owned row point here; null there means the host. A household's owner is the person who
 * registered it (`owner_user_id`, one household per owner).
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    name: text('name').notNull(),
    kind: text('kind').$type<TenantKind>().notNull().default('organization'),
    ownerUserId: uuid('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    cvr: text('cvr'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tenants_name_unique').on(sql`lower(${table.name})`),
    uniqueIndex('tenants_owner_user_id_unique')
      .on(table.ownerUserId)
      .where(sql`${table.ownerUserId} is not null`),
    index('tenants_lower_name_id_idx').on(sql`lower(${table.name})`, table.id),
    index('tenants_kind_lower_name_idx').on(table.kind, sql`lower(${table.name})`, table.id),
    index('tenants_name_words_idx').using('gin', sql`${TENANT_NAME_WORDS}`),
    index('tenants_created_at_idx').on(table.createdAt, table.id),
    index('tenants_kind_created_at_idx').on(table.kind, table.createdAt, table.id),
    check('tenants_kind_check', sql`${table.kind} in ('organization', 'household')`),
    check('tenants_owner_household_check', sql`${table.ownerUserId} is null or ${table.kind} = 'household'`),
  ],
);

export type TenantRow = typeof tenants.$inferSelect;

/**
 * A tenant's feature values (catalogue: `FEATURES` in contracts). Only values that differ from the
 * default need a row; the value is text and parsed by the feature's type. Tenant-owned: the rows go
 * with the tenant, and null `tenant_id` would be the host's own values.
 */
export const tenantFeatures = pgTable(
  'tenant_features',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tenant_features_tenant_name_unique').on(table.tenantId, table.name)],
);
