/** A seeded pseudo-random source: numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/** mulberry32: small, fast and good enough for walks (not for anything secret). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed for one device from the run's seed and its IMEI, so each device walks its own way. */
export function deviceSeed(seed: number, imei: string): number {
  let hash = seed >>> 0;
  for (const char of imei) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** A number in [min, max). */
export const between = (random: Random, min: number, max: number) => min + random() * (max - min);
