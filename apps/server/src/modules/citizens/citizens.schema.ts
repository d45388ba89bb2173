import {
  ALARM_CHANNELS,
  ALARM_RECEIVER_KINDS,
  CITIZEN_STANDARD_PAYERS,
  type DeviceAppSettings,
} from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { contactPeople } from '../contact-people/contact-people.schema';
import { customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { geofences } from '../geofences/geofences.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * Citizens (spec §3 "Citizen", the API's "monitored objects"). The CPR number is never stored in
 * clear: `cpr_encrypted` reads it back (AES-256-GCM), `cpr_hash` (HMAC) finds it exactly and keeps
 * it unique per tenant. Both columns are on the audit redaction list. A citizen's watches point at
 * it through `devices.citizen_id`.
 */
export const citizens = pgTable(
  'citizens',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** A unit with citizens cannot be deleted. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    cprEncrypted: text('cpr_encrypted').notNull(),
    cprHash: text('cpr_hash').notNull(),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    city: text('city').notNull().default(''),
    specificCustomerId: uuid('specific_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    standardPayer: text('standard_payer', { enum: CITIZEN_STANDARD_PAYERS })
      .notNull()
      .default('municipality'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('citizens_tenant_cpr_hash_unique').on(
      sql`coalesce(${table.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.cprHash,
    ),
    index('citizens_tenant_surname_idx').on(table.tenantId, sql`lower(${table.surname})`),
    index('citizens_organization_idx').on(table.organizationId),
    index('citizens_specific_customer_idx').on(table.specificCustomerId),
  ],
);

export type CitizenRow = typeof citizens.$inferSelect;

/** The app settings of one linked watch; dropped when the watch leaves the citizen. */
export const citizenDeviceSettings = pgTable(
  'citizen_device_settings',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id')
      .notNull()
      .references(() => citizens.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<DeviceAppSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.citizenId, table.deviceId] }),
    index('citizen_device_settings_device_idx').on(table.deviceId),
  ],
);

/** The geofences a citizen is kept inside. */
export const citizenGeofences = pgTable(
  'citizen_geofences',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id')
      .notNull()
      .references(() => citizens.id, { onDelete: 'cascade' }),
    geofenceId: uuid('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.citizenId, table.geofenceId] }),
    index('citizen_geofences_geofence_idx').on(table.geofenceId),
  ],
);

/**
 * Who is alerted about a citizen, in escalation order (`position` 1 first): a user of the tenant
 * or a contact person, exactly one of the two, matching `kind`.
 */
export const citizenAlarmReceivers = pgTable(
  'citizen_alarm_receivers',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id')
      .notNull()
      .references(() => citizens.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ALARM_RECEIVER_KINDS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contactPersonId: uuid('contact_person_id').references(() => contactPeople.id, { onDelete: 'cascade' }),
    /**
     * How the receiver is reached (migration 0065), in fallback order; a channel without an address
     * (no phone, no e-mail) is skipped when an alarm is sent.
     */
    channels: text('channels', { enum: ALARM_CHANNELS }).array().notNull().default(['sms', 'email']),
  },
  (table) => [
    uniqueIndex('citizen_alarm_receivers_citizen_position_unique').on(table.citizenId, table.position),
    index('citizen_alarm_receivers_user_idx').on(table.userId),
    index('citizen_alarm_receivers_contact_person_idx').on(table.contactPersonId),
    check(
      'citizen_alarm_receivers_one_receiver_check',
      sql`(${table.kind} = 'user' and ${table.userId} is not null and ${table.contactPersonId} is null)
        or (${table.kind} = 'contactPerson' and ${table.contactPersonId} is not null and ${table.userId} is null)`,
    ),
  ],
);
