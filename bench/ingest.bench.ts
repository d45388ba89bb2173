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
import { OIDC_SCOPE, type RealtimeServerMessage } from '@homeward/contracts';
import { createScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Reports in flight at most; beyond it a scheduled report counts as dropped (the server is behind). */
const MAX_IN_FLIGHT = 500;

/** A valid IMEI: 14 digits from `n`, then the Luhn check digit. */
function imei(n: number): string {
  const body = String(86_412_000_000_000 + n).slice(0, 14);
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

async function accessToken(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'branded',
      scope: OIDC_SCOPE,
      username,
      password: 'Homeward!Demo1',
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
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

/** Lifts Demo Kommune's device limit (1,000 by default) above what the bench registers. */
async function raiseDeviceLimit(baseUrl: string): Promise<void> {
  const host = await accessToken(baseUrl, 'admin');
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

/** Registers the simulated watches in Demo Kommune in one CSV batch; returns their IMEIs and ids. */
async function seedWatches(baseUrl: string, token: string): Promise<{ imei: string; id: string }[]> {
  const unitName = `Bench ingest ${Date.now()}`;
  await postJson(baseUrl, token, '/api/identity/organization-units', {
    displayName: unitName,
    parentId: null,
  });
  const imeis = Array.from({ length: DEVICES }, (_, index) => imei(index));
  const csv = [
    'imei;name;organization',
    ...imeis.map((each, index) => `${each};Bench watch ${index};${unitName}`),
  ];
  const result = (await postJson(baseUrl, token, '/api/devices/batch', { csv: csv.join('\n') })) as {
    created: number;
    rows: { imei: string; deviceId: string | null }[];
  };
  if (result.created !== DEVICES) {
    const refused = result.rows.find((row) => row.deviceId === null);
    throw new Error(`seeded ${result.created} of ${DEVICES} watches: ${JSON.stringify(refused)}`);
  }
  return result.rows.map((row) => ({ imei: row.imei, id: row.deviceId! }));
}

/** The realtime connection of a dashboard user; calls `onDevice` for every device event. */
async function openRealtime(baseUrl: string, token: string, onDevice: (deviceId: string) => void) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', accessToken: token })));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(`realtime refused: ${message.code}`));
      if (message.type === 'events') {
        for (const event of message.events) if (event.type === 'device') onDevice(event.state.deviceId);
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
    await raiseDeviceLimit(server.baseUrl);
    const token = await accessToken(server.baseUrl, 'kommune.admin');
    const watches = await seedWatches(server.baseUrl, token);

    // End to end: the send time of the latest report of each watch not yet seen on the socket.
    const pending = new Map<string, number>();
    const endToEnd: number[] = [];
    const socket = await openRealtime(server.baseUrl, token, (deviceId) => {
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
      const lat = 56.15 + (index % 100) / 10_000;
      const query = `id=${watch.imei}&timestamp=${timestamp}&lat=${lat}&lon=10.2&batt=${50 + (index % 50)}`;
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
