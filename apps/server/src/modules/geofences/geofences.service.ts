import {
  geofenceBoundingBox,
  type Geofence,
  type GeofenceGeometry,
  type zSaveGeofenceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './geofences.repository';
import type { GeofenceRow } from './geofences.schema';

type GeofenceContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;
type SaveGeofence = z.output<typeof zSaveGeofenceRequest>;

export function geometryOf(row: GeofenceRow): GeofenceGeometry {
  if (row.kind === 'circle') {
    return {
      kind: 'circle',
      center: { lat: row.centerLat!, lon: row.centerLon! },
      radiusMeters: row.radiusMeters!,
    };
  }
  return { kind: 'polygon', polygon: row.polygon! };
}

function toGeofence(row: GeofenceRow): Geofence {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    geometry: geometryOf(row),
    boundingBox: { minLat: row.minLat, minLon: row.minLon, maxLat: row.maxLat, maxLon: row.maxLon },
    tenantId: row.tenantId,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** The stored columns of a validated request: the shape of its kind, the other kind's left null. */
export function geofenceColumns(input: SaveGeofence): Omit<repository.GeofenceValues, 'tenantId'> {
  const { geometry } = input;
  return {
    name: input.name,
    description: input.description,
    kind: geometry.kind,
    centerLat: geometry.kind === 'circle' ? geometry.center.lat : null,
    centerLon: geometry.kind === 'circle' ? geometry.center.lon : null,
    radiusMeters: geometry.kind === 'circle' ? geometry.radiusMeters : null,
    polygon: geometry.kind === 'polygon' ? geometry.polygon : null,
    ...geofenceBoundingBox(geometry),
  };
}

export async function listGeofences(ctx: Pick<GeofenceContext, 'db' | 'tenantId'>, page: PageRequest) {
  const result = await repository.findGeofences(ctx.db, ctx.tenantId, page);
  return { items: result.items.map(toGeofence), totalCount: result.totalCount };
}

export async function getGeofence(ctx: GeofenceContext, id: string): Promise<Geofence> {
  const row = await repository.findGeofence(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toGeofence(row);
}

export async function createGeofence(ctx: GeofenceContext, input: SaveGeofence): Promise<Geofence> {
  const row = await repository.insertGeofence(ctx.db, {
    tenantId: ctx.tenantId,
    createdByUserId: ctx.userId,
    ...geofenceColumns(input),
  });
  return toGeofence(row);
}

/** Replaces name, description and the drawn area; the kind follows the new drawing. */
export async function updateGeofence(ctx: GeofenceContext, id: string, input: SaveGeofence) {
  const row = await repository.updateGeofence(ctx.db, ctx.tenantId, id, geofenceColumns(input), ctx.now());
  if (!row) throw new DomainError('not_found');
  return toGeofence(row);
}

export async function deleteGeofence(ctx: GeofenceContext, id: string): Promise<void> {
  if (!(await repository.deleteGeofence(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}
