/**
 * Load over the OsmAnd HTTP gateway (the query-string variant Traccar Client sends), on the
 * gateway's own port or at `/api/gateway/osmand` in the app: a fixed number of keep-alive connections, each with one report in flight at a
 * time (closed loop), the watches taken in turn so none has two reports in flight. Without a rate
 * it saturates the server; with one, reports are paced evenly to that total rate (a report due
 * while every connection waits goes out late, so the achieved rate shows when the server falls behind).
 */
import { osmandQuery, type Fix } from '@homeward/simulator';
import { DeviceQueue, type FleetDevice, type ReportSequence } from './fleet';
import { leanHttpClient } from './lean-http';
import { measureWindow, percentile, sleep, type MeasuredWindow } from './report-counters';

export const OSMAND_PATH = '/api/gateway/osmand';

export interface OsmandLoadOptions {
  /** The server, whose `/metrics` count the accepted reports. */
  baseUrl: string;
  /** Where the reports go: the app (`OSMAND_PATH` on `baseUrl`) unless given. */
  gateway?: OsmandGateway;
  devices: FleetDevice[];
  sequence: ReportSequence;
  connections: number;
  warmupS: number;
  durationS: number;
  /** Reports per second in total; undefined: as fast as the server answers. */
  rate?: number;
  /** The server's process, whose CPU per report the window reads. */
  serverPid?: number;
}

export interface OsmandLoadResult {
  window: MeasuredWindow;
  /** Answers with 200 over the whole run (warm-up included), and the others. */
  answered: number;
  refused: number;
  failed: number;
  latency: { p50: number; p99: number; max: number };
}

/** An OsmAnd endpoint: the gateway's own port answers on any path, the app at `OSMAND_PATH`. */
export interface OsmandGateway {
  url: string;
  path: string;
}

/** A kept-alive OsmAnd poster (the benches' lean client); resolves with the status code. */
export function osmandPoster(gateway: OsmandGateway, connections: number) {
  const client = leanHttpClient(gateway.url, connections);
  const post = (imei: string, fix: Fix) => client.send('POST', `${gateway.path}?${osmandQuery(imei, fix)}`);
  return { post, close: client.close };
}

export async function runOsmandLoad(options: OsmandLoadOptions): Promise<OsmandLoadResult> {
  const { devices, sequence, connections, rate } = options;
  if (connections >= devices.length) throw new Error('the bench needs more watches than connections');
  const poster = osmandPoster(options.gateway ?? { url: options.baseUrl, path: OSMAND_PATH }, connections);
  const queue = new DeviceQueue(devices.length);
  const latencies: number[] = [];
  let answered = 0;
  let refused = 0;
  let failed = 0;
  let scheduled = 0;
  let running = true;
  const startedAt = performance.now();

  async function connection() {
    while (running) {
      if (rate) {
        const due = startedAt + (scheduled++ * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (!running) return;
      }
      const index = queue.take()!;
      const sentAt = performance.now();
      try {
        const status = await poster.post(devices[index]!.imei, sequence.next(index));
        if (status === 200) answered += 1;
        else refused += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - sentAt);
      queue.give(index);
    }
  }

  const loops = Array.from({ length: connections }, connection);
  // The load runs until the window's last reading, so the whole window is under it.
  const window = await measureWindow(
    options.baseUrl,
    'osmand',
    options.warmupS,
    options.durationS,
    () => sequence.reportedDevices(),
    options.devices.length,
    options.serverPid,
  );
  running = false;
  await Promise.all(loops);
  poster.close();
  latencies.sort((a, b) => a - b);
  return {
    window,
    answered,
    refused,
    failed,
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
  };
}
