import { and, asc, eq } from 'drizzle-orm';
import type { DeviceStatus } from '@homeward/contracts';
import { DEMO_DEVICE_SECRET } from '@homeward/simulator';
import type { Database } from '../../platform/db/database';
import { hashDeviceSecret } from './device-secret';
import { products } from '../products/products.schema';
import { devices } from './devices.schema';

/**
 * The live columns of Demo Kommune's watches, until the telemetry pipeline feeds them: a mix of
 * statuses, battery levels, last-seen times and positions around Aarhus, so the dashboard's table,
 * filters and chart have something to show. Each watch also gets the demo device family, a Stella
 * ID with its prefix and a serial number of its pattern, and the demo MQTT secret
 * (`DEMO_DEVICE_SECRET`), so the simulator can publish for them over MQTT.
 */
const DEMO_STATE: {
  status: DeviceStatus;
  battery: number | null;
  minutesAgo: number | null;
  at?: [number, number];
}[] = [
  { status: 'online', battery: 86, minutesAgo: 2, at: [56.1497, 10.2068] },
  { status: 'online', battery: 64, minutesAgo: 6, at: [56.1531, 10.1979] },
  { status: 'lowBatteryWarningHandled', battery: 12, minutesAgo: 9, at: [56.1629, 10.2039] },
  { status: 'offline', battery: 41, minutesAgo: 180, at: [56.1566, 10.2112] },
  { status: 'outsideGeofence', battery: 73, minutesAgo: 1, at: [56.1702, 10.1885] },
  { status: 'unknown', battery: null, minutesAgo: null },
];

export async function seedDemoDeviceState(tx: Database, tenantId: string, now = new Date()): Promise<void> {
  const [family] = await tx
    .select({ id: products.id, prefix: products.stellaIdPrefix })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.kind, 'deviceFamily')))
    .orderBy(asc(products.name))
    .limit(1);
  const watches = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.tenantId, tenantId))
    .orderBy(asc(devices.imei));
  // One hash for all: it is a demo secret everyone knows anyway.
  const mqttSecretHash = await hashDeviceSecret(DEMO_DEVICE_SECRET);
  for (const [index, watch] of watches.entries()) {
    const state = DEMO_STATE[index % DEMO_STATE.length]!;
    const number = String(index + 1).padStart(8, '0');
    const seenAt = state.minutesAgo === null ? null : new Date(now.getTime() - state.minutesAgo * 60_000);
    await tx
      .update(devices)
      .set({
        productId: family?.id ?? null,
        stellaId: family?.prefix ? `${family.prefix}${number.slice(-7)}` : null,
        serialNumber: family?.prefix ? `${family.prefix}${number}` : null,
        status: state.status,
        battery: state.battery,
        networkStatus: state.status === 'offline' ? 'disconnected' : seenAt ? 'connected' : 'unknown',
        lastSeenAt: seenAt,
        latitude: state.at?.[0] ?? null,
        longitude: state.at?.[1] ?? null,
        locatedAt: state.at ? seenAt : null,
        operator: 'TDC',
        condition: 'new',
        saleType: 'rental',
        mqttSecretHash,
      })
      .where(eq(devices.id, watch.id));
  }
}
