import {
  DEVICE_CONDITIONS,
  DEVICE_SALE_TYPES,
  DEVICE_STATUSES,
  DEVICE_STOP_KINDS,
  NETWORK_STATUSES,
} from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { citizens } from '../citizens/citizens.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Watches (product instances). The IMEI, the Stella ID and the id the watch reports itself by are
 * each unique across the whole system: one watch is registered once, whichever tenant has it.
 * Battery, network status, last seen and location are the live state the telemetry pipeline keeps.
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
    /** The device family (a product); removing it from the catalogue leaves the watch without one. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The citizen wearing the watch (at most one); deleting the citizen frees the watch. */
    citizenId: uuid('citizen_id').references((): AnyPgColumn => citizens.id, { onDelete: 'set null' }),
    serialNumber: text('serial_number'),
    stellaId: text('stella_id'),
    deviceIdentifier: text('device_identifier'),
    phoneNumber: text('phone_number'),
    operator: text('operator'),
    owner: text('owner'),
    purchaseDate: date('purchase_date'),
    saleType: text('sale_type', { enum: DEVICE_SALE_TYPES }),
    condition: text('condition', { enum: DEVICE_CONDITIONS }),
    diag: text('diag'),
    battery: smallint('battery'),
    networkStatus: text('network_status', { enum: NETWORK_STATUSES }).notNull().default('unknown'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Last seen, to the minute: what the last-seen indexes hold. Every report moves `last_seen_at`,
     * but this only once a minute, so most reports update the row in place without touching an
     * index (HOT). Lists sort by it, then by `last_seen_at` (an incremental sort within a minute).
     */
    lastSeenMinute: timestamp('last_seen_minute', { withTimezone: true }).generatedAlwaysAs(
      sql`date_bin('1 minute', last_seen_at, '2000-01-01 00:00:00+00')`,
    ),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locatedAt: timestamp('located_at', { withTimezone: true }),
    /** False when the location is coordinates sent without a fix ("last known, no fix"). */
    locationValid: boolean('location_valid').notNull().default(true),
    /** The device's MQTT password as a salted scrypt hash (`device-secret.ts`); null = no MQTT access. */
    mqttSecretHash: text('mqtt_secret_hash'),
    /** The activation code printed on the box: AES-GCM ciphertext and keyed hash (`activation-codes.ts`). */
    activationCodeEncrypted: text('activation_code_encrypted'),
    activationCodeHash: text('activation_code_hash'),
    /** While connected to a household: the seller's tenant, organization and stock name to return to. */
    sellerTenantId: uuid('seller_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    sellerOrganizationId: uuid('seller_organization_id').references(() => organizationUnits.id, {
      onDelete: 'set null',
    }),
    stockName: text('stock_name'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /** Where the watch physically is (`PHYSICAL_LOCATIONS`); moves follow `PHYSICAL_LOCATION_TRANSITIONS`. */
    physicalLocation: smallint('physical_location'),
    /** Device administration (migration 0059): cleared for sale, and how and when it was stopped. */
    readyForSale: boolean('ready_for_sale').notNull().default(false),
    stoppedAs: text('stopped_as', { enum: DEVICE_STOP_KINDS }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_imei_unique').on(table.imei),
    uniqueIndex('devices_stella_id_unique')
      .on(table.stellaId)
      .where(sql`${table.stellaId} is not null`),
    uniqueIndex('devices_device_identifier_unique')
      .on(table.deviceIdentifier)
      .where(sql`${table.deviceIdentifier} is not null`),
    index('devices_tenant_created_idx').on(table.tenantId, table.createdAt),
    index('devices_organization_idx').on(table.organizationId),
    index('devices_citizen_idx').on(table.citizenId),
    index('devices_seller_tenant_idx')
      .on(table.sellerTenantId)
      .where(sql`${table.sellerTenantId} is not null`),
    // The dashboard: newest reports first, optionally of one status; and the chart's counts. By the
    // minute only: an index holding `last_seen_at` itself would take a new entry on every report.
    index('devices_tenant_last_seen_minute_idx').on(table.tenantId, table.lastSeenMinute.desc().nullsLast()),
    index('devices_tenant_status_last_seen_minute_idx').on(
      table.tenantId,
      table.status,
      table.lastSeenMinute.desc().nullsLast(),
    ),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;

/**
 * Wrong activation codes per IMEI, known or not (migration 0049). Only the owner-run connect
 * function reads or writes it; the request role has no access.
 */
export const deviceActivationAttempts = pgTable('device_activation_attempts', {
  imei: text('imei').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
