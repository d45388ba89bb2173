/**
 * The OsmAnd background load a bench keeps up while it measures something else (the live map's
 * frames, an SOS's way to the dashboard): its knobs from the environment, with the bench's defaults.
 */
import { count } from './report-counters';

export interface BackgroundLoad {
  /** BENCH_CONNECTIONS: keep-alive connections. */
  connections: number;
  /** BENCH_RATE: reports per second offered in total; undefined (`max`): as fast as answered. */
  rate: number | undefined;
  /** BENCH_WARMUP_S: seconds of load before measuring. */
  warmupS: number;
  /** BENCH_DURATION_S: seconds measured. */
  durationS: number;
}

/** The load's knobs as the environment sets them, else the bench's defaults. */
export function backgroundLoadFromEnv(defaults: {
  connections: number;
  rate: number;
  warmupS: number;
  durationS: number;
}): BackgroundLoad {
  const rate = process.env.BENCH_RATE ?? String(defaults.rate);
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
    rate: rate === 'max' ? undefined : Number(rate),
    warmupS: Number(process.env.BENCH_WARMUP_S ?? defaults.warmupS),
    durationS: Number(process.env.BENCH_DURATION_S ?? defaults.durationS),
  };
}

/** The offered rate as the benches print it: "2,000 reports/s offered" or "saturating". */
export const offeredRate = (load: BackgroundLoad): string =>
  load.rate === undefined ? 'saturating' : `${count(load.rate)} reports/s offered`;
