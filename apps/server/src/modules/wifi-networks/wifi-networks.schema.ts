import { WIFI_NETWORK_TYPES, WIFI_TRUST_LEVELS } from '@homeward/contracts';
import { doublePrecision, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's known Wi-Fi access points (spec §3 Wi-Fi network). The MAC address is stored
 * normalised (`AA:BB:CC:DD:EE:FF`) and is unique per tenant, the host's networks included (nulls
 * not distinct). Trusted ones with a position locate a watch indoors; an automatic one's bounds
 * grow with the GPS fixes seen together with it.
 */
export const wifiNetworks = pgTable(
  'wifi_networks',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    macAddress: text('mac_address').notNull(),
    ssid: text('ssid').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    address: text('address').notNull().default(''),
    type: text('type', { enum: WIFI_NETWORK_TYPES }).notNull().default('manual'),
    trustLevel: text('trust_level', { enum: WIFI_TRUST_LEVELS }).notNull().default('unknown'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    minLatitude: doublePrecision('min_latitude'),
    maxLatitude: doublePrecision('max_latitude'),
    minLongitude: doublePrecision('min_longitude'),
    maxLongitude: doublePrecision('max_longitude'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wifi_networks_tenant_mac_unique').on(table.tenantId, table.macAddress).nullsNotDistinct(),
    index('wifi_networks_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

export type WifiNetworkRow = typeof wifiNetworks.$inferSelect;
export type WifiNetworkInsert = typeof wifiNetworks.$inferInsert;
