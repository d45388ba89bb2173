import { boolean, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * Roles of a tenant (or of the host, `tenant_id` null). `is_default` roles are given to new users,
 * `is_public` roles are visible to other users, and `is_static` roles cannot be deleted or renamed.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    isStatic: boolean('is_static').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NULLS NOT DISTINCT: host roles (null tenant) are unique by name too.
    unique('roles_tenant_name_unique').on(table.tenantId, table.normalizedName).nullsNotDistinct(),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('user_roles_role_id_idx').on(table.roleId),
  ],
);

/** Claims carried by a role, put into the tokens of its members. */
export const roleClaims = pgTable(
  'role_claims',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    claimType: text('claim_type').notNull(),
    claimValue: text('claim_value').notNull(),
  },
  (table) => [index('role_claims_role_id_idx').on(table.roleId)],
);

export type RoleRow = typeof roles.$inferSelect;
