import { GEOFENCE_KINDS, type GeofencePolygon } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * Geofences: a true circle (centre + radius in metres) or a polygon (GeoJSON, one closed outer
 * ring), with the bounding box of either stored beside it. The geofence engine reads the shape as
 * is; the box lets a later spatial index pre-filter which fences a position can be in.
 */
export const geofences = pgTable(
  'geofences',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: GEOFENCE_KINDS }).notNull(),
    centerLat: doublePrecision('center_lat'),
    centerLon: doublePrecision('center_lon'),
    radiusMeters: doublePrecision('radius_meters'),
    polygon: jsonb('polygon').$type<GeofencePolygon>(),
    minLat: doublePrecision('min_lat').notNull(),
    minLon: doublePrecision('min_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('geofences_tenant_name_idx').on(table.tenantId, table.name),
    // A circle has exactly its centre and radius, a polygon exactly its ring.
    check(
      'geofences_shape_check',
      sql`(${table.kind} = 'circle' and ${table.centerLat} is not null and ${table.centerLon} is not null and ${table.radiusMeters} > 0 and ${table.polygon} is null)
        or (${table.kind} = 'polygon' and ${table.polygon} is not null and ${table.centerLat} is null and ${table.centerLon} is null and ${table.radiusMeters} is null)`,
    ),
  ],
);

export type GeofenceRow = typeof geofences.$inferSelect;
