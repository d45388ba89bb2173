/**
 * The server of the ingest and alarm benches: a scratch PostgreSQL database on DATABASE_URL, a first
 * start that migrates it and seeds Demo Kommune, the fleet bulk-inserted while no server runs, then
 * the measured start with the watch TCP and OsmAnd HTTP gateways on free ports. Also the server's report counters
 * (`GET /metrics`) and the stored positions, which the benches compare.
 */
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { freePort, launchServer, type ServerProcess } from '@homeward/tools/server-process';
import { seedFleet, type SeededFleet } from './fleet-seed';

export const FLEET_DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);

export interface FleetServer<T> {
  server: ServerProcess;
  /** The scratch database, for the owner's own queries (counts, the raw baseline). */
  databaseUrl: string;
  watchPort: number;
  /** The OsmAnd gateway's own port (Traccar's 5055 in production). */
  osmandPort: number;
  fleet: SeededFleet;
  seedSeconds: number;
  /** What `beforeStart` returned. */
  prepared: T;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL only: the figures are stated for it, and embedded PGlite (one connection in the
 * server's process) is a different machine altogether. Exits with a message when DATABASE_URL is unset.
 */
export function requirePostgres(bench: string): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  console.error(
    `${bench} measures the pipeline on PostgreSQL; set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test; ` +
      'a scratch database is created beside it and dropped afterwards). Embedded PGlite is not measured.',
  );
  process.exit(2);
}

/**
 * Starts the fleet's server; `beforeStart` runs against the seeded database before the measured
 * start (the raw-insert baseline). MQTT_URL is never passed on: the embedded broker stays in-process.
 */
export async function startFleetServer<T = undefined>(
  baseUrl: string,
  beforeStart?: (databaseUrl: string, fleet: SeededFleet) => Promise<T>,
): Promise<FleetServer<T>> {
  const scratch = await createScratchDatabase(baseUrl, 'hw_bench');
  const env = { LOG_LEVEL: 'error', DEMO_DATA: 'true', DATABASE_URL: scratch.url, MQTT_URL: undefined };
  try {
    await (await launchServer({ env })).stop();
    const started = performance.now();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const fleet = await seedFleet(client, FLEET_DEVICES).finally(() => client.end());
    const seedSeconds = (performance.now() - started) / 1000;
    const prepared = (await beforeStart?.(scratch.url, fleet)) as T;
    const watchPort = await freePort();
    const osmandPort = await freePort();
    const server = await launchServer({
      env: {
        ...env,
        GATEWAY_WATCH_PORT: String(watchPort),
        GATEWAY_OSMAND_PORT: String(osmandPort),
        // Every watch socket and HTTP connection of the load comes from 127.0.0.1: no per-address cap.
        GATEWAY_MAX_CONNECTIONS_PER_IP: '1000000',
      },
    });
    return {
      server,
      databaseUrl: scratch.url,
      watchPort,
      osmandPort,
      fleet,
      seedSeconds,
      prepared,
      stop: async () => {
        await server.stop();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/** The first lines of a fleet bench's output: where it runs, and the fleet. */
export function printFleetHeader(bench: string, devices: number, seedSeconds: number): void {
  console.log(
    `${bench} on PostgreSQL (a scratch database beside DATABASE_URL); ${availableParallelism()} CPUs, ` +
      `load average ${loadavg()[0]!.toFixed(1)} when the load starts (bench, server and database share the machine)`,
  );
  console.log(
    `fleet: ${devices.toLocaleString('en')} watches of Demo Kommune, each worn by its own citizen linked to 5 geofences ` +
      `(2 circles, 3 polygons; ${(devices * 5).toLocaleString('en')} fences), bulk-inserted in ${seedSeconds.toFixed(1)} s; ` +
      'geofence evaluation on for every report',
  );
}

/** Rows of the fleet's tables the pipeline wrote, as the owner sees them. */
export async function storedCounts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ protocol: string; count: string }>(
      'select protocol, count(*) from device_positions group by protocol',
    );
    const events = await client.query<{ count: string }>('select count(*) from geofence_events');
    const byProtocol = Object.fromEntries(rows.map((row) => [row.protocol, Number(row.count)]));
    return {
      positions: (protocol: string) => byProtocol[protocol] ?? 0,
      geofenceEvents: Number(events.rows[0]!.count),
    };
  } finally {
    await client.end();
  }
}
