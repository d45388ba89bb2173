import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { devices } from './devices.schema';

/**
 * A device's MQTT password (`device-secret.ts`) is stored on its row as a salted hash: the gateway
 * checks it when the device signs in to the embedded broker, the terminal issues a new one.
 */

/** The MQTT secret hash of the device an identifier names, whichever tenant has it (owner lookup). */
export async function findDeviceMqttSecretHash(db: Database, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: devices.mqttSecretHash })
    .from(devices)
    .where(or(eq(devices.imei, identifier), eq(devices.deviceIdentifier, identifier)))
    .limit(1);
  return row?.hash ?? null;
}

/** Stores (or with null, revokes) a device's MQTT secret hash; true when the device was found. */
export async function setDeviceMqttSecretHash(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  hash: string | null,
): Promise<boolean> {
  const changed = await db
    .update(devices)
    .set({ mqttSecretHash: hash })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .returning({ id: devices.id });
  return changed.length > 0;
}
