import { bearingTo, destination, distanceMeters, type HomeArea, type LatLon } from './geo';
import { between, type Random } from './random';

/** One report a simulated watch sends: where it is, how sure, its battery, and an SOS press. */
export interface Fix {
  at: Date;
  lat: number;
  lon: number;
  accuracyMeters: number;
  speedMps: number;
  /** Degrees clockwise from north. */
  bearing: number;
  batteryPercent: number;
  charging: boolean;
  sos: boolean;
}

export interface WalkOptions {
  /** Seconds between reports (the device time advances by this much per step). */
  intervalSeconds: number;
  /** Walking speed range in m/s. */
  minSpeedMps: number;
  maxSpeedMps: number;
  /** Reported accuracy radius range in metres. */
  minAccuracyMeters: number;
  maxAccuracyMeters: number;
  /** Chance per step of setting off out of the home area. */
  wanderProbability: number;
  /** How far beyond the home area's edge a wander goes before turning back. */
  wanderBeyondMeters: number;
  /** Chance per step of an SOS press. */
  sosProbability: number;
  batteryDrainPercentPerHour: number;
  batteryChargePercentPerHour: number;
  /** The watch goes on its charger below this level (after any low-battery alarm). */
  rechargeBelowPercent: number;
}

export const DEFAULT_WALK_OPTIONS: WalkOptions = {
  intervalSeconds: 10,
  minSpeedMps: 1,
  maxSpeedMps: 1.5,
  minAccuracyMeters: 5,
  maxAccuracyMeters: 20,
  wanderProbability: 0.01,
  wanderBeyondMeters: 60,
  sosProbability: 0.002,
  batteryDrainPercentPerHour: 30,
  batteryChargePercentPerHour: 120,
  rechargeBelowPercent: 8,
};

export type WalkMode = 'home' | 'wandering' | 'returning';

export interface WalkState {
  area: HomeArea;
  position: LatLon;
  bearing: number;
  mode: WalkMode;
  battery: number;
  charging: boolean;
  at: Date;
}

/** A walker somewhere in the inner half of its home area, with a random battery level. */
export function startWalk(area: HomeArea, random: Random, at: Date): WalkState {
  const position = destination(
    area.center,
    between(random, 0, 360),
    between(random, 0, area.radiusMeters / 2),
  );
  return {
    area,
    position,
    bearing: between(random, 0, 360),
    mode: 'home',
    battery: Math.round(between(random, 20, 100)),
    charging: false,
    at,
  };
}

const turn = (bearing: number, random: Random, spread: number) =>
  (bearing + between(random, -spread / 2, spread / 2) + 360) % 360;

/** The bearing of the next step: meander at home, head out on a wander, then come back. */
function nextHeading(state: WalkState, random: Random, step: number, options: WalkOptions) {
  const { area, position } = state;
  const fromCenter = distanceMeters(area.center, position);
  const outward = fromCenter < 1 ? between(random, 0, 360) : bearingTo(area.center, position);
  const inward = (outward + 180) % 360;
  let mode = state.mode;
  if (mode === 'home' && random() < options.wanderProbability) mode = 'wandering';
  if (mode === 'wandering' && fromCenter > area.radiusMeters + options.wanderBeyondMeters) mode = 'returning';
  if (mode === 'returning' && fromCenter < area.radiusMeters / 2) mode = 'home';
  if (mode === 'wandering') return { mode, bearing: turn(outward, random, 20) };
  if (mode === 'returning') return { mode, bearing: turn(inward, random, 20) };
  // At home: keep roughly the same way, turning back in before reaching the edge.
  const bearing =
    fromCenter + step > area.radiusMeters * 0.8 ? turn(inward, random, 90) : turn(state.bearing, random, 60);
  return { mode, bearing };
}

/** One step of the walk: the next state and the fix it reports. Pure apart from `random`. */
export function stepWalk(
  state: WalkState,
  random: Random,
  options: WalkOptions = DEFAULT_WALK_OPTIONS,
): { state: WalkState; fix: Fix } {
  const speedMps = between(random, options.minSpeedMps, options.maxSpeedMps);
  const step = speedMps * options.intervalSeconds;
  const { mode, bearing } = nextHeading(state, random, step, options);
  const position = destination(state.position, bearing, step);
  const hours = options.intervalSeconds / 3600;
  let { battery, charging } = state;
  if (charging) {
    battery = Math.min(100, battery + options.batteryChargePercentPerHour * hours);
    if (battery >= 100) charging = false;
  } else {
    battery = Math.max(0, battery - options.batteryDrainPercentPerHour * hours);
    if (battery < options.rechargeBelowPercent) charging = true;
  }
  const at = new Date(state.at.getTime() + options.intervalSeconds * 1000);
  const next: WalkState = { ...state, position, bearing, mode, battery, charging, at };
  const fix: Fix = {
    at,
    lat: position.lat,
    lon: position.lon,
    accuracyMeters: Math.round(between(random, options.minAccuracyMeters, options.maxAccuracyMeters)),
    speedMps,
    bearing,
    batteryPercent: Math.round(battery),
    charging,
    sos: random() < options.sosProbability,
  };
  return { state: next, fix };
}
