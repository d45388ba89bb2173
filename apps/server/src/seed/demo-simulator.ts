import { and, asc, eq, sql } from 'drizzle-orm';
import type { GeofenceGeometry } from '@homeward/contracts';
import {
  DEMO_DEVICE_SECRET,
  startFleet,
  type Fleet,
  type ProtocolTargets,
  type SimulatedDevice,
} from '@homeward/simulator';
import type { Config } from '../platform/config/config';
import type { Database } from '../platform/db/database';
import type { MqttHandle } from '../platform/mqtt/mqtt';
import { DEMO_TENANT_NAME } from './demo-data';
import { devices } from '../modules/devices/devices.schema';
import { findCitizenGeofences } from '../modules/citizens/citizen-links.repository';
import { tenants } from '../modules/tenants/tenants.schema';
import { SILENT_LOGGER, type GatewayLogger } from '../modules/gateways/gateway-logger';
import { OSMAND_API_PATH } from '../modules/gateways/osmand/osmand-routes';

/** How often each demo watch reports, in seconds. */
const DEMO_INTERVAL_SECONDS = 10;

/** The address the server reaches itself at: loopback when it listens on every interface. */
function selfHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

/** Demo Kommune's watches, worn ones first, each with its citizen's first geofence. */
async function demoWatches(db: Database, limit: number): Promise<SimulatedDevice[]> {
  const rows = await db
    .select({
      imei: devices.imei,
      name: devices.name,
      citizenId: devices.citizenId,
      tenantId: devices.tenantId,
    })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(eq(tenants.name, DEMO_TENANT_NAME)))
    .orderBy(sql`${devices.citizenId} is null`, asc(devices.name))
    .limit(limit);
  const watches: SimulatedDevice[] = [];
  for (const row of rows) {
    const [fence] = row.citizenId ? await findCitizenGeofences(db, row.tenantId, row.citizenId) : [];
    const geofence: GeofenceGeometry | null = !fence
      ? null
      : fence.kind === 'circle'
        ? {
            kind: 'circle',
            center: { lat: fence.centerLat!, lon: fence.centerLon! },
            radiusMeters: fence.radiusMeters!,
          }
        : { kind: 'polygon', polygon: fence.polygon! };
    watches.push({ imei: row.imei, name: row.name, geofence });
  }
  return watches;
}

/**
 * Demo mode's live watches (DEMO_SIMULATOR_DEVICES, 0 = off): the first N of Demo Kommune walk
 * around their citizens' geofences, wander out now and then, press SOS rarely and run their
 * batteries down, over the real protocols to this server's own ports (OsmAnd HTTP, the watch
 * gateway and the embedded MQTT broker in turn, skipping any that is off). Started after the
 * server listens; `stop` before shutdown. Undefined when there is nothing to run.
 */
export async function startDemoSimulator(options: {
  config: Pick<Config, 'demoSimulatorDevices' | 'demoData' | 'host' | 'port' | 'mqttUrl' | 'mqttPort'>;
  db: Database;
  mqtt?: MqttHandle;
  /** The watch gateway's port when it runs. */
  watchPort?: number;
  logger?: GatewayLogger;
}): Promise<Fleet | undefined> {
  const { config } = options;
  const logger = options.logger ?? SILENT_LOGGER;
  if (config.demoSimulatorDevices === 0) return undefined;
  const watches = await demoWatches(options.db, config.demoSimulatorDevices);
  if (watches.length === 0) {
    logger.warn({}, `DEMO_SIMULATOR_DEVICES is set, but ${DEMO_TENANT_NAME} has no watches to simulate`);
    return undefined;
  }
  const host = selfHost(config.host);
  const targets: ProtocolTargets = { osmandUrl: `http://${host}:${config.port}${OSMAND_API_PATH}` };
  if (options.watchPort) targets.watch = { host, port: options.watchPort };
  // Only the embedded broker knows the demo watches' secret; an external one does its own sign-in.
  if (!config.mqttUrl && config.mqttPort > 0 && options.mqtt?.state().status === 'up') {
    targets.mqtt = { url: `mqtt://${host}:${config.mqttPort}`, secretOf: () => DEMO_DEVICE_SECRET };
  }
  let failures = 0;
  const fleet = startFleet({
    devices: watches,
    protocol: 'mixed',
    targets,
    seed: 1,
    walk: { intervalSeconds: DEMO_INTERVAL_SECONDS },
    onError: (device, error) => {
      // One line now and then, not one per report, when something keeps failing.
      failures += 1;
      if (failures === 1 || failures % 100 === 0)
        logger.warn({ imei: device.imei, failures }, `demo simulator report failed: ${error.message}`);
    },
  });
  logger.info(
    { watches: watches.map((watch) => watch.name), protocols: Object.keys(targets) },
    'demo simulator started',
  );
  return fleet;
}
