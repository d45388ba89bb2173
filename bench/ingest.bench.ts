/**
 * bench:ingest — the telemetry pipeline under a steady load: N simulated watches (default 1,000)
 * send OsmAnd reports over HTTP (`/api/gateway/osmand`, the path Traccar Client uses) at a fixed
 * total rate for a fixed time, open loop (a report is sent on schedule whether or not earlier ones
 * were answered). Prints reports/s accepted, p50/p99 request latency, and the end-to-end latency
 * from sending a report to its device state arriving on the realtime WebSocket of a signed-in
 * dashboard user (which includes the hub's 250 ms batching).
 *
 * BENCH_DEVICES (1000), BENCH_RATE (reports/s, 200), BENCH_DURATION_S (10); DATABASE_URL runs it on
 * a scratch PostgreSQL database instead of embedded PGlite.
 */
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { Agent, request } from 'node:http';
import { openRealtime, registerBenchWatches } from './support/bench-api';
import { demoAccessToken, osmandQuery, type Fix } from '@homeward/tools/simulator';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Reports in flight at most; beyond it a scheduled report counts as dropped (the server is behind). */
const MAX_IN_FLIGHT = 500;

/** Lifts Demo Kommune's device limit (1,000 by default) above what the bench registers. */
async function raiseDeviceLimit(baseUrl: string): Promise<void> {
  const host = await demoAccessToken(baseUrl, 'admin');
  const headers = { authorization: `Bearer ${host}`, 'content-type': 'application/json' };
  const tenants = (await (
    await fetch(`${baseUrl}/api/tenants?filter=${encodeURIComponent('Demo Kommune')}`, { headers })
  ).json()) as { items: { id: string }[] };
  const tenantId = tenants.items[0]?.id;
  if (!tenantId) throw new Error('Demo Kommune not found');
  const response = await fetch(`${baseUrl}/api/tenants/${tenantId}/features`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ 'Homeward.MaxDevices': DEVICES + 1000 }),
  });
  if (!response.ok) throw new Error(`device limit: ${response.status} ${await response.text()}`);
}

/** The parts of a report every bench watch shares; time, latitude and battery vary. */
const BENCH_FIX: Fix = {
  at: new Date(),
  lat: 56.15,
  lon: 10.2,
  accuracyMeters: 10,
  speedMps: 1.2,
  bearing: 90,
  batteryPercent: 80,
  charging: false,
  sos: false,
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run() {
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
    : undefined;
  const server = await launchServer({
    env: { LOG_LEVEL: 'error', DEMO_DATA: 'true', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
  });
  try {
    await raiseDeviceLimit(server.baseUrl);
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const watches = await registerBenchWatches(server.baseUrl, token, {
      count: DEVICES,
      label: 'Bench ingest',
      imeiBase: 86_412_000_000_000,
    });

    // End to end: the send time of the latest report of each watch not yet seen on the socket.
    const pending = new Map<string, number>();
    const endToEnd: number[] = [];
    const socket = await openRealtime(server.baseUrl, token, (event) => {
      if (event.type !== 'device') return;
      const deviceId = event.state.deviceId;
      const sentAt = pending.get(deviceId);
      if (sentAt === undefined) return;
      pending.delete(deviceId);
      endToEnd.push(performance.now() - sentAt);
    });

    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    /** One report over a kept-alive connection; resolves with the status code. */
    const post = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(url, { method: 'POST', agent }, (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        });
        sent.once('error', reject);
        sent.end();
      });
    const latencies: number[] = [];
    let accepted = 0;
    let failed = 0;
    let dropped = 0;
    let inFlight = 0;
    const total = RATE * DURATION_S;
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = started + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) {
        dropped += 1;
        continue;
      }
      const watch = watches[index % watches.length]!;
      // Each report moves a little, with its own second, so none is a retry of another.
      const timestamp = Math.floor(Date.now() / 1000) - DURATION_S - 5 + Math.floor(index / watches.length);
      const query = osmandQuery(watch.imei, {
        ...BENCH_FIX,
        at: new Date(timestamp * 1000),
        lat: 56.15 + (index % 100) / 10_000,
        batteryPercent: 50 + (index % 50),
      });
      inFlight += 1;
      const sentAt = performance.now();
      if (!pending.has(watch.id)) pending.set(watch.id, sentAt);
      sends.push(
        post(`${server.baseUrl}/api/gateway/osmand?${query}`)
          .then((status) => {
            latencies.push(performance.now() - sentAt);
            if (status === 200) accepted += 1;
            else failed += 1;
          })
          .catch(() => {
            failed += 1;
          })
          .finally(() => {
            inFlight -= 1;
          }),
      );
    }
    await Promise.all(sends);
    const elapsedS = (performance.now() - started) / 1000;
    // Let the last batches of realtime events arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    socket.close();
    agent.destroy();

    latencies.sort((a, b) => a - b);
    endToEnd.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `database: ${scratch ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite'}; ${DEVICES} watches, ${RATE} reports/s offered for ${DURATION_S} s`,
    );
    console.log(
      `accepted ${accepted} of ${total} (${failed} failed, ${dropped} dropped at ${MAX_IN_FLIGHT} in flight): ${(accepted / elapsedS).toFixed(0)} reports/s`,
    );
    console.log(
      `request latency: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
    );
    console.log(
      `report → device state on the realtime socket (${endToEnd.length} samples, includes 250 ms batching): p50 ${ms(percentile(endToEnd, 50))}, p99 ${ms(percentile(endToEnd, 99))}`,
    );
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

await run();
