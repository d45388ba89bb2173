import { randomBytes } from 'node:crypto';
import { freePort } from '../../test/free-port';
import { startDeviceGateways, type DeviceGateways } from '../gateways/device-gateways';
import { createGatewayMetrics } from '../gateways/gateway-metrics';
import { WatchClient } from '../gateways/watch/watch-test-client';
import { encodeWatchFrame } from '../gateways/watch/watch-frame';
import type { DeviceStatus, RealtimeEvent } from '@homeward/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../platform/db/database';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { parseRealtimePayload, REALTIME_CHANNEL } from '../../platform/realtime/realtime-publish';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { wifiNetworks } from '../wifi-networks/wifi-networks.schema';
import { devicePositions } from './telemetry.schema';
import { createTelemetryMetrics } from './telemetry-metrics';
import { createTelemetryService } from './telemetry.service';
import { randomImei } from '../../test/tenant-isolation/isolation-seeding';

/** A registered watch of the tenant: a fresh IMEI and a 10-digit watch id. */
export async function givenDevice(
  db: Database,
  tenantId: string | null,
  values: {
    status?: DeviceStatus;
    lastSeenAt?: Date;
    productId?: string;
    networkStatus?: 'connected' | 'disconnected' | 'unknown';
  } = {},
) {
  const [row] = await db
    .insert(devices)
    .values({
      tenantId,
      name: `Watch ${randomBytes(3).toString('hex')}`,
      imei: randomImei(),
      deviceIdentifier: String(1_000_000_000 + (randomBytes(4).readUInt32BE(0) % 8_999_999_999)),
      ...values,
    })
    .returning();
  return row!;
}

/** A device family with an expected reporting interval. */
export async function givenProduct(db: Database, tenantId: string | null, intervalSeconds: number | null) {
  const [row] = await db
    .insert(products)
    .values({
      tenantId,
      kind: 'deviceFamily',
      name: `Watch family ${randomBytes(3).toString('hex')}`,
      listPriceMinor: 0,
      currency: 'DKK',
      expectedReportingIntervalSeconds: intervalSeconds,
    })
    .returning();
  return row!;
}

/** A Wi-Fi network of the tenant; MAC given in report spelling (lower case). */
export async function givenWifiNetwork(
  db: Database,
  tenantId: string | null,
  values: {
    mac: string;
    trustLevel: 'trusted' | 'untrusted' | 'unknown';
    type?: 'manual' | 'automatic';
    latitude?: number;
    longitude?: number;
  },
) {
  const [row] = await db
    .insert(wifiNetworks)
    .values({
      tenantId,
      macAddress: values.mac.toUpperCase(),
      trustLevel: values.trustLevel,
      type: values.type ?? 'manual',
      latitude: values.latitude ?? null,
      longitude: values.longitude ?? null,
    })
    .returning();
  return row!;
}

/** A random MAC in report spelling. */
export const randomMac = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0')).join(':');

export async function deviceRow(db: Database, id: string) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row!;
}

export function positionsOf(db: Database, deviceId: string) {
  return db
    .select()
    .from(devicePositions)
    .where(and(eq(devicePositions.deviceId, deviceId)))
    .orderBy(asc(devicePositions.deviceTime));
}

/** Polls until `check` returns a value (the test's own timeout bounds the wait). */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A test app for the pipeline's end-to-end tests: a fresh tenant, and every realtime event the
 * database publishes pushed into `events`. `close` stops listening and closes the app.
 */
export async function openPipelineTestApp(
  events: RealtimeEvent[],
): Promise<{ t: TestApp; tenantId: string; close: () => Promise<void> }> {
  const t = await buildTestApp();
  const tenantId = (await given(t.database.db).tenant()).id;
  const stopListening = await t.database.listen(REALTIME_CHANNEL, (payload) =>
    events.push(
      ...parseRealtimePayload(payload, (unreadable) => {
        throw new Error(`unreadable realtime payload: ${unreadable}`);
      }),
    ),
  );
  return {
    t,
    tenantId,
    close: async () => {
      await stopListening();
      await t.close();
    },
  };
}

/**
 * The real watch TCP gateway (only) on a free port, handing its reports to a pipeline of its own on
 * `db`; both count into `metrics` (a test app's, as main.ts shares the app's; else one of their own).
 */
export async function startWatchGateway(
  db: Database,
  metrics = new MetricsRegistry(),
): Promise<{ port: number; gateways: DeviceGateways; metrics: MetricsRegistry }> {
  const port = await freePort();
  const gateways = await startDeviceGateways({
    config: { host: '127.0.0.1', gatewayWatchPort: port, gatewayOsmandPort: 0 },
    sink: createTelemetryService({ db, metrics }),
    metrics: createGatewayMetrics(metrics),
  });
  return { port, gateways, metrics };
}

/** What `usePipelineTestApp` opens: the app, its tenant, and the watch gateway's port (0 unless asked). */
export interface PipelineTestWorld {
  t: TestApp;
  tenantId: string;
  watchPort: number;
}

/**
 * The calling file's pipeline test app (`openPipelineTestApp`, its realtime events pushed into
 * `events`), opened before its first test and closed after its last; with `watchGateway`, also the
 * real watch TCP gateway on a free port, on the same database and counting into the app's metrics.
 * Registers its hooks in the calling file and hands what it opened to `opened` (which may prepare
 * more before the tests run).
 */
export function usePipelineTestApp(
  opened: (world: PipelineTestWorld) => unknown,
  options: { events?: RealtimeEvent[]; watchGateway?: boolean } = {},
): void {
  let close: (() => Promise<void>) | undefined;
  let gateways: DeviceGateways | undefined;
  beforeAll(async () => {
    const app = await openPipelineTestApp(options.events ?? []);
    close = app.close;
    let watchPort = 0;
    if (options.watchGateway) {
      ({ port: watchPort, gateways } = await startWatchGateway(app.t.database.db, app.t.metrics));
    }
    await opened({ t: app.t, tenantId: app.tenantId, watchPort });
  });
  afterAll(async () => {
    await gateways?.close();
    await close?.();
  });
}

/** An OsmAnd report through the real HTTP route, the query's values as written. */
export function postOsmand(t: TestApp, query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return t.app.inject({ method: 'POST', url: `/api/gateway/osmand?${search}` });
}

/** `ddMMyy,HHmmss` in UTC, as a watch's location frame writes its time. */
export const watchTime = (date: Date) => {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)},${iso.slice(11, 19).replace(/:/g, '')}`;
};

/**
 * The real watch TCP gateway on the real pipeline, and one watch connected to it. `report` sends
 * frame contents and, as frames of a connection are handled in order, resolves once they are
 * applied: it follows them with an LK and waits for its answer (sent after the commit).
 */
async function openWatchGateway(db: Database, deviceIdentifier: string) {
  const { port, gateways, metrics } = await startWatchGateway(db);
  const client = await WatchClient.open(port);
  const header = { manufacturer: '3G', deviceId: deviceIdentifier };
  const link = encodeWatchFrame(header, 'LK').toString('latin1');
  let links = 0;
  return {
    client,
    /** What the gateway's pipeline counted. */
    telemetryMetrics: createTelemetryMetrics(metrics),
    async report(...contents: string[]) {
      links += 1;
      await client.write(
        Buffer.concat([...contents, 'LK'].map((content) => encodeWatchFrame(header, content))),
      );
      await client.waitForTimes(link, links);
    },
    async close() {
      client.socket.destroy();
      await gateways.close();
    },
  };
}

/** Runs `steps` with the watch connected to a gateway of its own (`openWatchGateway`), closed after. */
export async function withWatchGateway(
  db: Database,
  deviceIdentifier: string,
  steps: (watch: Awaited<ReturnType<typeof openWatchGateway>>) => Promise<void>,
): Promise<void> {
  const watch = await openWatchGateway(db, deviceIdentifier);
  try {
    await steps(watch);
  } finally {
    await watch.close();
  }
}

/** A watch location frame's content (notes §1.2) with placeholder speed, course and altitude. */
export function watchLocation(
  type: string,
  at: Date,
  fix: 'A' | 'V',
  place: { lat: number; lon: number },
  battery: number,
  options: { status?: string; wifis?: [string, string, number][] } = {},
) {
  const wifis = options.wifis ?? [];
  return [
    type,
    watchTime(at),
    fix,
    place.lat,
    'N',
    place.lon,
    'E',
    '22.0',
    '0',
    '-1',
    '0',
    '50',
    battery,
    '0',
    '0',
    options.status ?? '00000000',
    '0',
    wifis.length,
    ...wifis.flat(),
    '15',
  ].join(',');
}
