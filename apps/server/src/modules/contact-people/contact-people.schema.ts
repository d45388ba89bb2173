import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { customers } from '../customers/customers.schema';
import { tenants } from '../tenants/tenants.schema';

/** The roles a contact person can have; each tenant keeps its own list. */
export const contactRoles = pgTable(
  'contact_roles',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contact_roles_tenant_name_unique').on(
      sql`coalesce(${table.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.name})`,
    ),
  ],
);

/** A person at a customer (spec §3 "Contact person"). Deleting the customer deletes its contacts. */
export const contactPeople = pgTable(
  'contact_people',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    zip: text('zip').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_people_customer_idx').on(table.customerId),
    index('contact_people_tenant_last_name_idx').on(table.tenantId, sql`lower(${table.lastName})`),
  ],
);

/** Which roles a contact person has. */
export const contactPersonRoles = pgTable(
  'contact_person_roles',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    contactPersonId: uuid('contact_person_id')
      .notNull()
      .references(() => contactPeople.id, { onDelete: 'cascade' }),
    contactRoleId: uuid('contact_role_id')
      .notNull()
      .references(() => contactRoles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('contact_person_roles_pk').on(table.contactPersonId, table.contactRoleId),
    index('contact_person_roles_role_idx').on(table.contactRoleId),
  ],
);

export type ContactPersonRow = typeof contactPeople.$inferSelect;
