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
import type { RealtimeServerMessage } from '@homeward/contracts';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import WebSocket from 'ws';
import { demoAccessToken } from './support/demo-sign-in';

const ALARMS = Number(process.env.BENCH_ALARMS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 20);

/** A valid IMEI: 14 digits from `n`, then the Luhn check digit. */
function imei(n: number): string {
  const body = String(86_413_000_000_000 + n).slice(0, 14);
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(body[13 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function postJson(baseUrl: string, token: string, url: string, body: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Registers the watches in a new unit of Demo Kommune in one CSV batch; returns IMEI and id. */
async function seedWatches(baseUrl: string, token: string) {
  const unitName = `Bench alarm ${Date.now()}`;
  await postJson(baseUrl, token, '/api/identity/organization-units', {
    displayName: unitName,
    parentId: null,
  });
  const imeis = Array.from({ length: ALARMS }, (_, index) => imei(index));
  const csv = [
    'imei;name;organization',
    ...imeis.map((each, index) => `${each};Alarm watch ${index};${unitName}`),
  ];
  const result = (await postJson(baseUrl, token, '/api/devices/batch', { csv: csv.join('\n') })) as {
    created: number;
    rows: { imei: string; deviceId: string | null }[];
  };
  if (result.created !== ALARMS) throw new Error(`seeded ${result.created} of ${ALARMS} watches`);
  return result.rows.map((row) => ({ imei: row.imei, id: row.deviceId! }));
}

/** The realtime connection of a dashboard user; calls `onAlarm` for every alarm event. */
async function openRealtime(baseUrl: string, token: string, onAlarm: (deviceId: string) => void) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', accessToken: token })));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(`realtime refused: ${message.code}`));
      if (message.type === 'events') {
        for (const event of message.events) {
          if (event.type === 'alarm' && event.deviceId) onAlarm(event.deviceId);
        }
      }
    });
  });
  return socket;
}

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
    const watches = await seedWatches(server.baseUrl, token);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let allArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    const socket = await openRealtime(server.baseUrl, token, (deviceId) => {
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
      const query = `id=${watch.imei}&timestamp=${timestamp}&lat=56.15&lon=10.2&batt=80&alarm=sos`;
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
