import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { devicePositions } from './telemetry.schema';

/**
 * The protocol of the device's newest stored position (one index probe), or null. The device
 * terminal shows it as the device's channel; `buildApp` hands this to the terminal's routes, so
 * device commands never import telemetry.
 */
export async function findLastProtocol(db: Database, tenantId: string | null, deviceId: string) {
  const [row] = await db
    .select({ protocol: devicePositions.protocol })
    .from(devicePositions)
    .where(and(inTenant(devicePositions.tenantId, tenantId), eq(devicePositions.deviceId, deviceId)))
    .orderBy(desc(devicePositions.deviceTime))
    .limit(1);
  return row?.protocol ?? null;
}
