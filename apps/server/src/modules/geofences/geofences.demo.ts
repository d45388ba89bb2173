import { zSaveGeofenceRequest, type SaveGeofenceRequest } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { geofences } from './geofences.schema';
import { geofenceColumns } from './geofences.service';

/** Demo Kommune's geofences around Aarhus: a nursing home's garden, a neighbourhood, a park. */
export const DEMO_GEOFENCES: SaveGeofenceRequest[] = [
  {
    name: 'Plejecenter Solbakken',
    description: 'The nursing home and its garden',
    geometry: { kind: 'circle', center: { lat: 56.1631, lon: 10.1894 }, radiusMeters: 150 },
  },
  {
    name: 'Frederiksbjerg',
    description: 'The neighbourhood south of the city centre',
    geometry: {
      kind: 'polygon',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [10.1985, 56.152],
            [10.212, 56.1515],
            [10.2135, 56.146],
            [10.201, 56.1445],
            [10.1985, 56.152],
          ],
        ],
      },
    },
  },
  {
    name: 'Botanisk Have',
    description: null,
    geometry: { kind: 'circle', center: { lat: 56.1593, lon: 10.1925 }, radiusMeters: 400 },
  },
];

/** Adds the demo geofences to a tenant, validated by the same contract the API uses. */
export async function seedDemoGeofences(db: Database, tenantId: string, createdByUserId?: string) {
  await db.insert(geofences).values(
    DEMO_GEOFENCES.map((fence) => ({
      tenantId,
      createdByUserId: createdByUserId ?? null,
      ...geofenceColumns(zSaveGeofenceRequest.parse(fence)),
    })),
  );
}
