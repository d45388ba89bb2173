/**
 * bench:alarm — how fast an SOS reaches the people watching: N watches (default 200) of Demo
 * Kommune each send one OsmAnd report with `alarm=sos`, one after another at a fixed rate; the
 * time from sending the report to its `alarm` event arriving on the realtime WebSocket of a
 * signed-in dashboard user is measured (includes the alarm transaction with its outbox rows, the
 * NOTIFY on commit and the hub's 250 ms batching). Prints p50/p99/max.
 *
 * BENCH_ALARMS (200), BENCH_RATE (reports/s, 20); DATABASE_URL runs it on a scratch PostgreSQL
 * database instead of embedded PGlite.
 */
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { demoAccessToken, osmandQuery } from '@homeward/tools/simulator';
import { openRealtime, registerBenchWatches } from './support/bench-api';

const ALARMS = Number(process.env.BENCH_ALARMS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 20);

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
    const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
    const watches = await registerBenchWatches(server.baseUrl, token, {
      count: ALARMS,
      label: 'Alarm watch',
      imeiBase: 86_413_000_000_000,
    });
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let allArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    const socket = await openRealtime(server.baseUrl, token, (event) => {
      if (event.type !== 'alarm' || !event.deviceId) return;
      const deviceId = event.deviceId;
      const sent = sentAt.get(deviceId);
      if (sent === undefined) return;
      sentAt.delete(deviceId);
      latencies.push(performance.now() - sent);
      if (latencies.length === watches.length) allArrived();
    });

    let refused = 0;
    const started = performance.now();
    const timestamp = Math.floor(Date.now() / 1000) - 5;
    const sends: Promise<void>[] = [];
    for (const [index, watch] of watches.entries()) {
      const wait = started + (index * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sentAt.set(watch.id, performance.now());
      const query = osmandQuery(watch.imei, {
        at: new Date(timestamp * 1000),
        lat: 56.15,
        lon: 10.2,
        accuracyMeters: 10,
        speedMps: 0,
        bearing: 0,
        batteryPercent: 80,
        charging: false,
        sos: true,
      });
      sends.push(
        fetch(`${server.baseUrl}/api/gateway/osmand?${query}`, { method: 'POST' }).then((response) => {
          if (response.status !== 200) refused += 1;
        }),
      );
    }
    await Promise.all(sends);
    // Every alarm event is expected; give up on stragglers after 10 s and report what arrived.
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    socket.close();

    latencies.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `database: ${scratch ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite'}; ${ALARMS} SOS reports at ${RATE}/s (${refused} refused)`,
    );
    console.log(
      `report with SOS → alarm event on the realtime socket (${latencies.length} of ${ALARMS} arrived, includes 250 ms batching): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
    );
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

await run();
