import { randomBytes } from 'node:crypto';
import { circleBoundingBox, positionsBoundingBox } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { TestApp } from '../../test/build-test-app';
import { citizenGeofences, citizens } from '../citizens/citizens.schema';
import { createCprProtection } from '../citizens/cpr-protection';
import { devices } from '../devices/devices.schema';
import { geofences } from '../geofences/geofences.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { givenDevice } from '../telemetry/telemetry-test-support';

/** Test helpers of the geofence engine: fences, a citizen wearing a watch, reports through OsmAnd. */

export async function givenCircleFence(
  db: Database,
  tenantId: string | null,
  center: { lat: number; lon: number },
  radiusMeters: number,
) {
  const [row] = await db
    .insert(geofences)
    .values({
      tenantId,
      name: `Circle ${randomBytes(3).toString('hex')}`,
      kind: 'circle',
      centerLat: center.lat,
      centerLon: center.lon,
      radiusMeters,
      ...circleBoundingBox(center, radiusMeters),
    })
    .returning();
  return row!;
}

/** A polygon fence from `[lon, lat]` positions (closed here). */
export async function givenPolygonFence(
  db: Database,
  tenantId: string | null,
  positions: [number, number][],
) {
  const ring = [...positions, positions[0]!];
  const [row] = await db
    .insert(geofences)
    .values({
      tenantId,
      name: `Polygon ${randomBytes(3).toString('hex')}`,
      kind: 'polygon',
      polygon: { type: 'Polygon', coordinates: [ring] },
      ...positionsBoundingBox(ring),
    })
    .returning();
  return row!;
}

/**
 * A citizen of a fresh organization wearing a fresh watch, linked to `fenceIds`; the organization's
 * default geofence is `organizationFenceId`.
 */
export async function givenWornWatch(
  t: TestApp,
  tenantId: string | null,
  fenceIds: string[],
  organizationFenceId: string | null = null,
) {
  const db = t.database.db;
  const cpr = createCprProtection(t.config.cprEncryptionKey);
  const number = `0101${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
  const [organization] = await db
    .insert(organizationUnits)
    .values({
      tenantId,
      displayName: `Organization ${randomBytes(3).toString('hex')}`,
      code: String(10_000 + (randomBytes(3).readUIntBE(0, 3) % 90_000)),
      geofenceId: organizationFenceId,
    })
    .returning({ id: organizationUnits.id });
  const [citizen] = await db
    .insert(citizens)
    .values({
      tenantId,
      organizationId: organization!.id,
      name: 'Karen',
      surname: 'Jensen',
      cprEncrypted: cpr.encrypt(number),
      cprHash: cpr.hash(number),
    })
    .returning({ id: citizens.id });
  if (fenceIds.length > 0) {
    await db
      .insert(citizenGeofences)
      .values(fenceIds.map((geofenceId) => ({ tenantId, citizenId: citizen!.id, geofenceId })));
  }
  const device = await givenDevice(db, tenantId);
  await db
    .update(devices)
    .set({ citizenId: citizen!.id, organizationId: organization!.id })
    .where(eq(devices.id, device.id));
  return { device, citizenId: citizen!.id };
}

/** Reports one position after another through the OsmAnd route, a minute apart, ending a minute ago. */
export function osmandReporter(t: TestApp, imei: string) {
  let next = Math.floor(Date.now() / 1000) - 60 * 60;
  return async (lat: number, lon: number, accuracy: number) => {
    next += 60;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/gateway/osmand?id=${imei}&timestamp=${next}&lat=${lat}&lon=${lon}&accuracy=${accuracy}`,
    });
    if (response.statusCode !== 200)
      throw new Error(`report refused: ${response.statusCode} ${response.body}`);
    return new Date(next * 1000);
  };
}

/** A point `meters` north of `center`. */
export const northOf = (center: { lat: number; lon: number }, meters: number) => ({
  lat: center.lat + meters / 111_195,
  lon: center.lon,
});
