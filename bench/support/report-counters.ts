/**
 * The server's own count of accepted reports (`homeward_gateway_reports_total` on `GET /metrics`),
 * which both load generators measure by: an HTTP answer and a TCP frame count alike only once the
 * pipeline has handled the report. Also the small statistics the benches print.
 */
import { LAUNCHED_SERVER_METRICS_TOKEN } from '@homeward/tools/server-process';
import { cpuPerItem, readCpuSeconds, type CpuPerItem } from './cpu-meter';

export type GatewayProtocol = 'osmand' | 'watch';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function acceptedReports(baseUrl: string, protocol: GatewayProtocol): Promise<number> {
  const text = await (
    await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${LAUNCHED_SERVER_METRICS_TOKEN}` },
    })
  ).text();
  for (const line of text.split('\n')) {
    if (
      line.startsWith('homeward_gateway_reports_total{') &&
      line.includes(`protocol="${protocol}"`) &&
      line.includes('outcome="accepted"')
    ) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return 0;
}

/** Waits until the counter has not moved for half a second (reports still in the pipeline are in). */
export async function settledAcceptedReports(baseUrl: string, protocol: GatewayProtocol): Promise<number> {
  let last = await acceptedReports(baseUrl, protocol);
  for (let round = 0; round < 120; round += 1) {
    await sleep(500);
    const now = await acceptedReports(baseUrl, protocol);
    if (now === last) return now;
    last = now;
  }
  return last;
}

export interface MeasuredWindow {
  reports: number;
  seconds: number;
  perSecond: number;
  /** Watches that had reported before the window opened (their next report is not their first). */
  warmDevices: number;
  /** CPU microseconds per accepted report, by process; null without a server pid or /proc. */
  cpu: CpuPerItem | null;
}

/** A warm-up waits at most this long for every watch to have reported once. */
const MAX_WARMUP_S = 30;

/**
 * The sustained rate: reports the server accepted between the end of the warm-up and the end of
 * the measurement, per second of wall time between the two readings. The warm-up lasts `warmupS`
 * and, beyond it, until every watch of the fleet has reported once (at most 30 s), so the window
 * measures the steady state, not first reports (device lookups, fence geometry, first trackings).
 */
export async function measureWindow(
  baseUrl: string,
  protocol: GatewayProtocol,
  warmupS: number,
  durationS: number,
  warmDevices: () => number,
  fleetSize: number,
  serverPid?: number,
): Promise<MeasuredWindow> {
  const readCpu = () => (serverPid === undefined ? null : readCpuSeconds(serverPid));
  const warmupStarted = performance.now();
  await sleep(warmupS * 1000);
  while (warmDevices() < fleetSize && performance.now() - warmupStarted < MAX_WARMUP_S * 1000)
    await sleep(100);
  const first = await acceptedReports(baseUrl, protocol);
  const cpuBefore = readCpu();
  const warm = warmDevices();
  const startedAt = performance.now();
  await sleep(durationS * 1000);
  const last = await acceptedReports(baseUrl, protocol);
  const cpuAfter = readCpu();
  const seconds = (performance.now() - startedAt) / 1000;
  const reports = last - first;
  return {
    reports,
    seconds,
    perSecond: reports / seconds,
    warmDevices: warm,
    cpu: cpuBefore && cpuAfter && reports > 0 ? cpuPerItem(cpuBefore, cpuAfter, reports) : null,
  };
}

/** Nearest-rank percentile of ascending `sorted`; NaN when empty. */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const count = (value: number) => Math.round(value).toLocaleString('en');
