/**
 * bench:ingest — the sustained throughput of the telemetry pipeline with geofence evaluation on:
 * 10,000 watches of Demo Kommune, each worn by its own citizen linked to 5 geofences (circles and
 * polygons whose edges the walks cross), report positions that move a little each time, first
 * over the OsmAnd HTTP gateway on its own port (query string; keep-alive connections; with
 * BENCH_OSMAND=app at `/api/gateway/osmand` in the API app instead), then over the watch TCP
 * protocol (`UD` frames, one persistent connection per watch), position-only, then again with the
 * realistic mix of issue 22 (support/traffic-mix.ts: 20 % of reports carry Wi-Fi lists, half of
 * them indoors without a fix and placed by the tenant's trusted home access points, half with a
 * fix widening automatic networks; 1 % raise an SOS alarm; BENCH_MIXED=false skips it). The load
 * is closed loop (a fixed number of reports in flight), so the figure is the sustained maximum;
 * BENCH_RATE offers a fixed rate instead. The rate is the server's own count of accepted reports
 * over the measured seconds after a warm-up.
 *
 * The comparison: the same position rows written with plain batched `INSERT ... ON CONFLICT DO
 * NOTHING` into the same table of the same database in the same run (before the server starts;
 * the table is emptied afterwards). After the load, the stored positions are counted against the
 * accepted reports, so an accepted report that stored nothing would show.
 *
 * Prints figures next to the issues' targets (≥ 5,000 reports/s on PostgreSQL position-only, ≥ 6,000
 * with the mix, pipeline/raw ≥ 0.3), the mixed figure next to the position-only one, and never
 * fails on timings. PostgreSQL only: DATABASE_URL is required (see README "Commands").
 */
import { availableParallelism } from 'node:os';
import { ReportSequence } from './support/fleet';
import {
  FLEET_DEVICES,
  printFleetHeader,
  requirePostgres,
  startFleetServer,
  storedCounts,
} from './support/fleet-server';
import { runOsmandLoad, OSMAND_PATH, type OsmandGateway } from './support/osmand-load';
import { measureHttpCeiling } from './support/http-ceiling';
import { measureRawInsert, type RawInsertResult } from './support/raw-insert';
import { count, ms, settledAcceptedReports, type MeasuredWindow } from './support/report-counters';
import { mixedFrames, seedWifiNetworks } from './support/traffic-mix';
import { runWatchLoad } from './support/watch-load';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
// A fleet of 10,000 watches sends independently: none waits for another's answer. A closed loop
// of 512 keeps that many reports in flight (request p50 about 120 ms at the ceiling), which stands
// for such a fleet better than 128 would, where each report waits for one of few slots.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 512);
const WATCH_SOCKETS = Math.min(FLEET_DEVICES, Number(process.env.BENCH_WATCH_SOCKETS ?? FLEET_DEVICES));
const WATCH_IN_FLIGHT = Number(process.env.BENCH_WATCH_IN_FLIGHT ?? CONNECTIONS);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const RAW_ROWS = Number(process.env.BENCH_RAW_ROWS ?? 100_000);
const RAW_BATCH = Number(process.env.BENCH_RAW_BATCH ?? 500);
const RAW_CONNECTIONS = Number(process.env.BENCH_RAW_CONNECTIONS ?? availableParallelism());
// Where the OsmAnd load goes: the gateway's own port, where Traccar Client sends (5055 in
// production), or with BENCH_OSMAND=app the same route inside the API app (`/api/gateway/osmand`,
// behind the app's sign-in, audit and OIDC hooks, which cost every request a little).
const OSMAND_IN_APP = process.env.BENCH_OSMAND === 'app';
const MIXED = process.env.BENCH_MIXED !== 'false';
const TARGET_RATE = 5000;
/** Issue 22: with 20 % Wi-Fi reports and 1 % alarms, on this 2-core machine with the load generator. */
const TARGET_MIXED_RATE = 6000;
const TARGET_RATIO = 0.3;

const verdict = (value: number, target: number) => (value >= target ? 'meets it' : 'below it');

const micros = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} µs`);

function printFigures(window: MeasuredWindow, raw: RawInsertResult, target = TARGET_RATE) {
  const ratio = window.perSecond / raw.perSecond;
  console.log(
    `  pipeline: ${count(window.perSecond)} reports/s (${count(window.reports)} accepted in ${window.seconds.toFixed(1)} s; ` +
      `${count(window.warmDevices)} of ${count(FLEET_DEVICES)} watches had reported before it)` +
      `   target ≥ ${count(target)} reports/s: ${verdict(window.perSecond, target)}`,
  );
  console.log(
    `  pipeline / raw INSERT: ${count(window.perSecond)} / ${count(raw.perSecond)} = ${ratio.toFixed(2)}` +
      `   target ≥ ${TARGET_RATIO}: ${verdict(ratio, TARGET_RATIO)}`,
  );
  const cpu = window.cpu;
  if (!cpu) return;
  // What each report costs the machine's CPUs, and the most they could carry at that cost.
  const total = cpu.server + (cpu.postgres ?? 0) + cpu.loadGenerator;
  const most = (availableParallelism() * 1e6) / total;
  console.log(
    `  CPU per report: server ${micros(cpu.server)}, PostgreSQL ${micros(cpu.postgres)}, load generator ` +
      `${micros(cpu.loadGenerator)} (raw INSERT: PostgreSQL ${micros(raw.postgresCpuPerRow)} a row); ` +
      `at ${micros(total)} a report the ${availableParallelism()} CPUs carry ${count(most)} reports/s at most ` +
      `(ratio ${(most / raw.perSecond).toFixed(2)})`,
  );
}

const load = RATE ? `${count(RATE)} reports/s offered` : 'closed loop (saturating)';
const databaseUrl = requirePostgres('bench:ingest');
const bench = await startFleetServer(databaseUrl, async (url, fleet) => {
  const raw = await measureRawInsert(url, fleet, {
    rows: RAW_ROWS,
    batch: RAW_BATCH,
    connections: RAW_CONNECTIONS,
  });
  return { raw, wifiNetworks: MIXED ? await seedWifiNetworks(url, fleet) : 0 };
});
try {
  const { server, fleet } = bench;
  const { raw, wifiNetworks } = bench.prepared;
  const devices = fleet.devices;
  printFleetHeader('bench:ingest', devices.length, bench.seedSeconds);
  console.log(
    `raw batched INSERT of the same position rows: ${count(raw.rows)} rows, ${RAW_BATCH} per INSERT ... ON CONFLICT DO NOTHING ` +
      `on ${RAW_CONNECTIONS} connection(s): ${count(raw.perSecond)} rows/s (${raw.seconds.toFixed(1)} s, ${count(raw.stored)} stored)`,
  );

  const sequence = new ReportSequence(devices.length);
  const gateway: OsmandGateway = OSMAND_IN_APP
    ? { url: server.baseUrl, path: OSMAND_PATH }
    : { url: `http://127.0.0.1:${bench.osmandPort}`, path: '/' };
  const where = OSMAND_IN_APP ? 'in the API app' : `on the gateway's own port ${bench.osmandPort}`;
  console.log(
    `OsmAnd HTTP (POST ${gateway.path}?id=…&lat=… ${where}, query string): ${load}, ${CONNECTIONS} keep-alive ` +
      `connections, ${WARMUP_S} s warm-up, ${DURATION_S} s measured`,
  );
  const osmand = await runOsmandLoad({
    baseUrl: server.baseUrl,
    serverPid: server.pid,
    gateway,
    devices,
    sequence,
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    rate: RATE,
  });
  printFigures(osmand.window, raw);
  console.log(
    `  request latency over the run: p50 ${ms(osmand.latency.p50)}, p99 ${ms(osmand.latency.p99)}, max ${ms(osmand.latency.max)}; ` +
      `${count(osmand.answered)} answered 200, ${osmand.refused} other answers, ${osmand.failed} failed`,
  );
  const osmandAccepted = await settledAcceptedReports(server.baseUrl, 'osmand');

  console.log(
    `watch TCP (port ${bench.watchPort}, UD frames): ${count(WATCH_SOCKETS)} connections, one per watch, ` +
      `${load}, ${WATCH_IN_FLIGHT} frames in flight at most, ${WARMUP_S} s warm-up, ${DURATION_S} s measured`,
  );
  const watch = await runWatchLoad({
    baseUrl: server.baseUrl,
    port: bench.watchPort,
    serverPid: server.pid,
    watches: devices.slice(0, WATCH_SOCKETS),
    sequence,
    inFlight: WATCH_IN_FLIGHT,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    rate: RATE,
  });
  printFigures(watch.window, raw);
  console.log(
    `  ${count(watch.sent)} UD frames written, ${count(watch.accepted)} accepted; opening the connections took ` +
      `${watch.connectSeconds.toFixed(1)} s; ${watch.closedByServer} closed by the server`,
  );

  let mixedAccepted = 0;
  if (MIXED) {
    const mix = mixedFrames(WATCH_SOCKETS);
    console.log(
      `watch TCP, realistic mix (issue 22): ${count(WATCH_SOCKETS)} connections, ${load}, ${WATCH_IN_FLIGHT} frames in ` +
        `flight at most; of every 100 reports 20 carry Wi-Fi (10 indoors without a fix, placed by the tenant's ` +
        `trusted home access points; 10 with a fix, widening automatic networks), 1 raises SOS; ` +
        `${count(wifiNetworks)} Wi-Fi networks seeded`,
    );
    const mixed = await runWatchLoad({
      baseUrl: server.baseUrl,
      port: bench.watchPort,
      serverPid: server.pid,
      watches: devices.slice(0, WATCH_SOCKETS),
      sequence,
      inFlight: WATCH_IN_FLIGHT,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      rate: RATE,
      frame: mix.frame,
    });
    printFigures(mixed.window, raw, TARGET_MIXED_RATE);
    const { plain, indoorWifi, outdoorWifi, sos } = mix.counts;
    console.log(
      `  ${count(mixed.sent)} frames written (${count(plain)} plain UD, ${count(indoorWifi)} indoor Wi-Fi, ` +
        `${count(outdoorWifi)} outdoor Wi-Fi, ${count(sos)} SOS), ${count(mixed.accepted)} accepted; ` +
        `${mixed.closedByServer} closed by the server`,
    );
    console.log(
      `watch TCP: position-only ${count(watch.window.perSecond)} reports/s, mixed ${count(mixed.window.perSecond)} ` +
        `reports/s (${((mixed.window.perSecond / watch.window.perSecond) * 100).toFixed(0)} % of it)` +
        `   mixed target ≥ ${count(TARGET_MIXED_RATE)} reports/s: ${verdict(mixed.window.perSecond, TARGET_MIXED_RATE)}`,
    );
    mixedAccepted = mixed.accepted;
  }

  const stored = await storedCounts(bench.databaseUrl);
  const watchAccepted = watch.accepted + mixedAccepted;
  const honest = stored.positions('osmand') === osmandAccepted && stored.positions('watch') === watchAccepted;
  console.log(
    `stored positions: OsmAnd ${count(stored.positions('osmand'))} for ${count(osmandAccepted)} accepted reports ` +
      `(server count), watch ${count(stored.positions('watch'))} for ${count(watchAccepted)} accepted frames: ` +
      `${honest ? 'equal' : 'NOT EQUAL'}; ${count(stored.geofenceEvents)} geofence enter/exit events recorded`,
  );
  if (!honest) process.exitCode = 1;

  // Context for the ratio: the most any HTTP gateway could reach here with this load generator.
  const ceiling = await measureHttpCeiling({
    devices,
    sequence: new ReportSequence(devices.length),
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
  });
  const needed = TARGET_RATIO * raw.perSecond;
  console.log(
    `HTTP ceiling of this machine (the same load against a bare node:http server answering 200, no database): ` +
      `${count(ceiling)} requests/s; the OsmAnd pipeline reaches ${((osmand.window.perSecond / ceiling) * 100).toFixed(0)} % of it; ` +
      `a ratio of ${TARGET_RATIO} needs ${count(needed)} reports/s, ${needed > ceiling ? 'above' : 'within'} the ceiling`,
  );
} finally {
  await bench.stop();
}
