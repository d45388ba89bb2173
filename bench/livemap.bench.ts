/**
 * bench:livemap — whether the live map stays smooth while 5,000 watches report. The fleet of the
 * ingest bench (BENCH_DEVICES, 5,000 here: watches of Demo Kommune, each worn by its own citizen)
 * on PostgreSQL; Chromium (headless, Debian's) signed in as `kommune.admin` on `/map`, the tiles
 * from the local stub tile server. Every watch first reports once (all 5,000 on the map, clustered),
 * then the fleet reports over OsmAnd HTTP at a steady BENCH_RATE (500 reports/s: each watch every
 * 10 s) for BENCH_DURATION_S (20 s) after a BENCH_WARMUP_S (3 s) warm-up. Measured in the page over
 * those seconds: the time between animation frames (requestAnimationFrame deltas: p50, p95, max),
 * long tasks (PerformanceObserver), and the realtime updates the map applied. A second phase does
 * the same with the map zoomed in to street level around one citizen it follows (no clusters in
 * view, markers moving frame by frame). Prints the figures; never fails on timings.
 * PostgreSQL only: DATABASE_URL is required (see README "Commands").
 */
import { DEMO_PASSWORD, demoAccessToken } from '@homeward/simulator';
import { launchHeadlessChromium } from '@homeward/tools/headless-chromium';
import { startStubTileServer } from '@homeward/tools/stub-tile-server';
import type { Page } from 'playwright-core';
import { backgroundLoadFromEnv, offeredRate } from './support/background-load';
import { ReportSequence } from './support/fleet';
import { osmandPoster, runOsmandLoad, OSMAND_PATH } from './support/osmand-load';
import { count, ms, percentile, sleep } from './support/report-counters';

const LOAD = backgroundLoadFromEnv({ connections: 16, rate: 500, warmupS: 3, durationS: 20 });
/** The frame time of 60 frames per second, which a smooth map keeps to. */
const FRAME_BUDGET_MS = 1000 / 60;

// The fleet's size is read when its module loads: 5,000 unless the caller chose otherwise.
process.env.BENCH_DEVICES ??= '5000';
const { printFleetHeader, requirePostgres, startFleetServer } = await import('./support/fleet-server');

interface FrameFigures {
  deltas: number[];
  longTasks: number;
  longTaskMs: number;
  updates: number;
}

/*
 * The page's recorder, as source text: tsx would wrap functions handed to `page.evaluate` in its
 * own helpers, which the page does not have. It records the time between animation frames and the
 * long tasks until `stop()`, and how many citizen updates the map applied meanwhile
 * (`data-live-updates`, which the map layer keeps).
 */
const START_FRAMES = `(() => {
  const container = () => document.querySelector('[data-live-updates]');
  const updatesNow = () => Number(container()?.dataset.liveUpdates ?? 0);
  const state = { deltas: [], longTasks: 0, longTaskMs: 0, running: true, updates: updatesNow() };
  let last = 0;
  const frame = (now) => {
    if (!state.running) return;
    state.deltas.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(frame);
  });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks += 1;
      state.longTaskMs += entry.duration;
    }
  });
  observer.observe({ type: 'longtask' });
  window.liveMapBench = {
    stop: () => {
      state.running = false;
      observer.disconnect();
      return {
        deltas: state.deltas,
        longTasks: state.longTasks,
        longTaskMs: state.longTaskMs,
        updates: updatesNow() - state.updates,
      };
    },
  };
})()`;

async function startFrames(page: Page): Promise<void> {
  await page.evaluate(START_FRAMES);
}

function stopFrames(page: Page): Promise<FrameFigures> {
  return page.evaluate('window.liveMapBench.stop()') as Promise<FrameFigures>;
}

function printFrames(label: string, figures: FrameFigures, seconds: number): void {
  const sorted = [...figures.deltas].sort((a, b) => a - b);
  const over = sorted.filter((delta) => delta > 2 * FRAME_BUDGET_MS).length;
  console.log(
    `  ${label}: ${count(sorted.length)} frames in ${seconds.toFixed(1)} s (${(sorted.length / seconds).toFixed(1)} fps); ` +
      `frame time p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, ` +
      `p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}; ` +
      `${over} frames over ${ms(2 * FRAME_BUDGET_MS)}; ${figures.longTasks} long tasks (${ms(figures.longTaskMs)} in all); ` +
      `${count(figures.updates)} citizen updates applied on the map (${count(figures.updates / seconds)}/s)`,
  );
}

const databaseUrl = requirePostgres('bench:livemap');
const tiles = await startStubTileServer();
// The server inherits the environment: the map's tiles come from the stub, never the internet.
process.env.MAP_TILE_URL = tiles.tileUrl;
const bench = await startFleetServer(databaseUrl);
const browser = await launchHeadlessChromium();
try {
  const { server, fleet } = bench;
  const devices = fleet.devices;
  printFleetHeader('bench:livemap', devices.length, bench.seedSeconds);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const ready = new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      }),
    ),
  );
  await page.goto(`${server.baseUrl}/map`);
  await page.locator('input[name="identifier"]').fill('kommune.admin');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${server.baseUrl}/map`);
  await page.locator('[data-live-updates]').waitFor();
  await ready;

  // Every watch reports once: the whole fleet is on the map before the measured load.
  const sequence = new ReportSequence(devices.length);
  const placing = osmandPoster({ url: server.baseUrl, path: OSMAND_PATH }, LOAD.connections);
  const placedAt = performance.now();
  for (let start = 0; start < devices.length; start += LOAD.connections * 8) {
    await Promise.all(
      devices
        .slice(start, start + LOAD.connections * 8)
        .map((device) => placing.post(device.imei, sequence.next(device.index))),
    );
  }
  placing.close();
  // All placed once the located counts beside the map (refreshed every second) add up to the fleet.
  // Polled with evaluate: the app's Content-Security-Policy refuses waitForFunction's eval.
  const located = `(() => {
    const summary = document.querySelector('[data-testid="live-map-summary"]')?.textContent ?? '';
    const counts = [...summary.matchAll(/(?:Alarm|Outside geofence|Offline|Online): (\\d+)/g)];
    return counts.reduce((sum, match) => sum + Number(match[1]), 0);
  })()`;
  while (((await page.evaluate(located)) as number) < devices.length) await sleep(250);
  const onMap = await page.getByTestId('live-map-summary').innerText();
  console.log(
    `browser: Chromium ${browser.version()} headless, 1280×800, ${server.baseUrl}/map as kommune.admin; ` +
      `stub tiles; every watch placed once in ${((performance.now() - placedAt) / 1000).toFixed(1)} s ` +
      `(${onMap.replace(/\s+/g, ' ')})`,
  );

  // The map's one request: every citizen with the live state, as the page loads it.
  const token = await demoAccessToken(server.baseUrl, 'kommune.admin');
  const answers: number[] = [];
  let bytes = 0;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/live-map`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    bytes = (await response.arrayBuffer()).byteLength;
    answers.push(performance.now() - started);
  }
  answers.sort((a, b) => a - b);
  console.log(
    `GET /api/live-map (${count(devices.length)} citizens and more of the demo, ${count(bytes / 1024)} KiB of JSON): ` +
      `p50 ${ms(percentile(answers, 50))}, max ${ms(answers.at(-1)!)} over ${answers.length} requests`,
  );

  async function measurePhase(label: string): Promise<void> {
    const load = runOsmandLoad({
      baseUrl: server.baseUrl,
      devices,
      sequence,
      ...LOAD,
      serverPid: server.pid,
    });
    await sleep(LOAD.warmupS * 1000);
    await startFrames(page);
    const started = performance.now();
    await sleep(LOAD.durationS * 1000);
    const figures = await stopFrames(page);
    const seconds = (performance.now() - started) / 1000;
    const result = await load;
    console.log(
      `${label}: OsmAnd HTTP at ${offeredRate(LOAD)}, ${count(result.window.perSecond)}/s accepted ` +
        `(request p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}; ${result.refused + result.failed} not answered 200)`,
    );
    printFrames('live map', figures, seconds);
  }

  await measurePhase('phase 1, the whole fleet in view (clusters)');

  // Phase 2: one citizen followed at street level; lone markers move as their watches report.
  const first = page.getByTestId('live-map-list').getByRole('button').first();
  await first.click();
  await page.getByRole('switch', { name: 'Follow' }).check();
  await sleep(1500);
  await measurePhase('phase 2, following one citizen at street level');
} finally {
  await browser.close();
  await bench.stop();
  await tiles.stop();
}
