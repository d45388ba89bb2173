/**
 * bench:alarm — how fast an SOS reaches the people watching while the pipeline is busy: the
 * ingest bench's fleet (10,000 watches, each worn by its own citizen with 5 geofences) reports
 * over OsmAnd HTTP at a steady BENCH_RATE (2,000 reports/s offered; `max`: saturating), and
 * meanwhile BENCH_ALARMS watches (200, each a different one, so every SOS opens a new alarm) send
 * one OsmAnd report with `alarm=sos` each, spread evenly over the measured seconds. Measured: from
 * sending the SOS report to its `alarm` event (kind `sos`) arriving on the realtime WebSocket of a
 * signed-in dashboard user (the report's batch transaction, the NOTIFY on commit, the listening
 * connection, and the hub, which pushes alarm events at once rather than in its 250 ms batches).
 * Prints p50/p99/max next to the target p99 < 100 ms, and never fails on timings.
 * PostgreSQL only: DATABASE_URL is required (see README "Commands").
 */
import { demoAccessToken } from '@homeward/simulator';
import { backgroundLoadFromEnv, offeredRate } from './support/background-load';
import { openRealtime } from './support/bench-api';
import { ReportSequence } from './support/fleet';
import { printFleetHeader, requirePostgres, startFleetServer } from './support/fleet-server';
import { osmandPoster, runOsmandLoad, OSMAND_PATH } from './support/osmand-load';
import { count, ms, percentile, sleep } from './support/report-counters';

const LOAD = backgroundLoadFromEnv({ connections: 64, rate: 2000, warmupS: 3, durationS: 20 });
const ALARMS = Number(process.env.BENCH_ALARMS ?? 200);
const TARGET_P99_MS = 100;
/** How long after the last SOS its alarm events may still come. */
const STRAGGLERS_MS = 10_000;

const databaseUrl = requirePostgres('bench:alarm');
const bench = await startFleetServer(databaseUrl);
try {
  const { server, fleet } = bench;
  const devices = fleet.devices;
  const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const socket = await openRealtime(server.baseUrl, token, (event) => {
    if (event.type !== 'alarm' || event.kind !== 'sos' || !event.deviceId) return;
    const sent = sentAt.get(event.deviceId);
    if (sent === undefined) return;
    sentAt.delete(event.deviceId);
    latencies.push(performance.now() - sent);
  });
  printFleetHeader('bench:alarm', devices.length, bench.seedSeconds);
  console.log(
    `background: OsmAnd HTTP (${OSMAND_PATH}), ${offeredRate(LOAD)} ` +
      `on ${LOAD.connections} keep-alive connections, ${LOAD.warmupS} s warm-up, ${LOAD.durationS} s with SOS reports`,
  );

  const sequence = new ReportSequence(devices.length);
  const background = runOsmandLoad({ baseUrl: server.baseUrl, devices, sequence, ...LOAD });
  // Each SOS on its own watch, spread over the fleet, as one more report of that watch's walk.
  const poster = osmandPoster({ url: server.baseUrl, path: OSMAND_PATH }, 8);
  const sends: Promise<void>[] = [];
  // How long each SOS report took to be answered (after its transaction committed): the pipeline's
  // share of the latency; the rest is NOTIFY delivery, the hub and the socket.
  const answeredIn: number[] = [];
  let refused = 0;
  const startsAt = performance.now() + LOAD.warmupS * 1000;
  for (let sample = 0; sample < ALARMS; sample += 1) {
    const wait = startsAt + (sample * LOAD.durationS * 1000) / ALARMS - performance.now();
    if (wait > 0) await sleep(wait);
    const device = devices[Math.floor((sample * devices.length) / ALARMS)]!;
    const sent = performance.now();
    sentAt.set(device.id, sent);
    sends.push(
      poster.post(device.imei, sequence.next(device.index, true)).then(
        (status) => {
          if (status !== 200) refused += 1;
          else answeredIn.push(performance.now() - sent);
        },
        () => {
          refused += 1;
        },
      ),
    );
  }
  const load = await background;
  await Promise.all(sends);
  const deadline = performance.now() + STRAGGLERS_MS;
  while (sentAt.size > refused && performance.now() < deadline) await sleep(50);
  socket.close();
  poster.close();

  latencies.sort((a, b) => a - b);
  answeredIn.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const behind = LOAD.rate !== undefined && load.window.perSecond < 0.9 * LOAD.rate;
  console.log(
    `  background achieved ${count(load.window.perSecond)} reports/s accepted over the SOS seconds ` +
      `(request p50 ${ms(load.latency.p50)}, p99 ${ms(load.latency.p99)}; ${load.refused + load.failed} not answered 200)` +
      (behind ? ': the server did not keep up with the offered rate, so this was a saturating load' : ''),
  );
  console.log(
    `  SOS report (OsmAnd alarm=sos) → alarm event on the realtime socket: ${latencies.length} of ${ALARMS} arrived ` +
      `(${refused} SOS reports not answered 200): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}, ` +
      `max ${ms(latencies.at(-1) ?? NaN)}   target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'meets it' : 'misses it'}`,
  );
  console.log(
    `  of which the SOS report's own answer (its batch committed): p50 ${ms(percentile(answeredIn, 50))}, ` +
      `p99 ${ms(percentile(answeredIn, 99))}`,
  );
} finally {
  await bench.stop();
}
