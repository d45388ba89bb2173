import { index, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { customers } from '../customers/customers.schema';
import { geofences } from '../geofences/geofences.schema';
import { roles } from '../roles/roles.schema';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * Organization units: a tree per tenant. `code` is the materialised path (`00001.00003`), so a
 * subtree is one `like 'code.%'` query. Members inherit the roles given to their units.
 */
export const organizationUnits = pgTable(
  'organization_units',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizationUnits.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    displayName: text('display_name').notNull(),
    /*
     * An organization (modules/organizations) is a unit with a customer and a default geofence for
     * its citizens. Deleting the customer or the geofence leaves the unit without one.
     */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    geofenceId: uuid('geofence_id').references(() => geofences.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('organization_units_tenant_code_idx').on(table.tenantId, table.code),
    index('organization_units_parent_id_idx').on(table.parentId),
    // The organizations list sorts by name within a tenant (and pages by it).
    index('organization_units_tenant_name_idx').on(table.tenantId, table.displayName),
  ],
);

export const userOrganizationUnits = pgTable(
  'user_organization_units',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.organizationUnitId] }),
    index('user_organization_units_unit_idx').on(table.organizationUnitId),
  ],
);

export const organizationUnitRoles = pgTable(
  'organization_unit_roles',
  {
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUnitId, table.roleId] }),
    index('organization_unit_roles_role_idx').on(table.roleId),
  ],
);

export type OrganizationUnitRow = typeof organizationUnits.$inferSelect;
