import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../db/uuid-v7';

/** `R`: granted to a role (key = role id); `U`: granted to one user (key = user id). */
export const PERMISSION_PROVIDERS = ['R', 'U'] as const;

/**
 * Permission grants. A user's permissions are the union of their own grants, their roles' grants
 * and the grants of the roles of their organization units.
 */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    name: text('name').notNull(),
    providerName: text('provider_name', { enum: PERMISSION_PROVIDERS }).notNull(),
    providerKey: text('provider_key').notNull(),
  },
  (table) => [
    unique('permission_grants_unique').on(table.name, table.providerName, table.providerKey),
    index('permission_grants_provider_idx').on(table.providerName, table.providerKey),
  ],
);

export type PermissionGrantRow = typeof permissionGrants.$inferSelect;
