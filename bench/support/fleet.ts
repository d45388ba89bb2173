/**
 * The simulated fleet of the ingest and alarm benches: where each watch walks, the five geofences
 * of the citizen wearing it, and the sequence of its reports. Pure code, shared by the seeding, the
 * load generators and the raw-insert baseline, so all of them produce the same rows.
 */
import { circleBoundingBox, positionsBoundingBox, type BoundingBox } from '@homeward/contracts';
import { destination, type Fix, type LatLon } from '@homeward/simulator';
import { imeiOf } from './bench-api';

/** The first IMEI body of the fleet (device `index` has `imeiOf(IMEI_BASE + index)`). */
const IMEI_BASE = 86_414_000_000_000;
/** Device time advances this much per report of a watch. */
const REPORT_STEP_S = 5;
/** The first report's device time lies this far in the past (a month is the server's limit). */
const HISTORY_S = 30 * 60;

export interface FleetDevice {
  index: number;
  id: string;
  imei: string;
}

export type FenceShape =
  | ({ kind: 'circle'; center: LatLon; radiusMeters: number } & BoundingBox)
  | ({ kind: 'polygon'; ring: number[][] } & BoundingBox);

export const fleetImei = (index: number) => imeiOf(IMEI_BASE + index);

/** A grid of homes about 2 km apart over Jutland and Funen: 100 rows of up to 100. */
export function homeOf(index: number): LatLon {
  return { lat: 55.6 + (index % 100) * 0.02, lon: 9 + Math.floor(index / 100) * 0.03 };
}

/** The walk: a loop around home whose distance from it swings between 120 and 180 m. */
export function walkPoint(index: number, step: number): { point: LatLon; bearing: number } {
  const angle = index * 0.61 + step * 0.25;
  const reach = 150 + 30 * Math.sin(index + step * 0.7);
  const bearing = ((angle * 180) / Math.PI) % 360;
  return { point: destination(homeOf(index), bearing, reach), bearing: (bearing + 90) % 360 };
}

const circle = (center: LatLon, radiusMeters: number): FenceShape => ({
  kind: 'circle',
  center,
  radiusMeters,
  ...circleBoundingBox(center, radiusMeters),
});

/** A closed GeoJSON ring ([lon, lat]) of `corners` points `reach` metres around `center`. */
function polygon(center: LatLon, reach: number, corners: number, turn = 0): FenceShape {
  const ring = Array.from({ length: corners }, (_, corner) => {
    const point = destination(center, turn + (corner * 360) / corners, reach);
    return [point.lon, point.lat];
  });
  ring.push([...ring[0]!]);
  return { kind: 'polygon', ring, ...positionsBoundingBox(ring) };
}

/**
 * The citizen's five fences, two circles and three polygons: a circle and a square whose edges the
 * walk crosses back and forth, a circle and a triangle that it touches on one side, and a wide
 * hexagon that always holds it (so the citizen is never outside every fence: no alarm storm).
 */
export function fencesOf(index: number): FenceShape[] {
  const home = homeOf(index);
  return [
    circle(home, 150),
    circle(destination(home, 90, 130), 100),
    polygon(home, 200, 4, 45),
    polygon(destination(home, 270, 220), 160, 3),
    polygon(home, 600, 6),
  ];
}

/**
 * Each watch's next report: its own step counter, so every report has a new device time (never a
 * retry the pipeline would drop), moving a little along the walk. Steps are kept per device, so
 * whichever protocol or phase sends next continues the same track.
 */
export class ReportSequence {
  private readonly steps: Uint32Array;
  private readonly firstTimeS = Math.floor(Date.now() / 1000) - HISTORY_S;

  constructor(size: number) {
    this.steps = new Uint32Array(size);
  }

  next(index: number, sos = false): Fix {
    const step = this.steps[index]!;
    this.steps[index] = step + 1;
    const { point, bearing } = walkPoint(index, step);
    return {
      at: new Date((this.firstTimeS + step * REPORT_STEP_S) * 1000),
      lat: point.lat,
      lon: point.lon,
      accuracyMeters: 10,
      speedMps: 1.2,
      bearing,
      batteryPercent: 50 + ((index + step) % 50),
      charging: false,
      sos,
    };
  }

  /** Watches that have had at least one report (the others' next one is their first of the run). */
  reportedDevices(): number {
    return this.steps.reduce((sum, steps) => sum + (steps > 0 ? 1 : 0), 0);
  }
}

/**
 * Device indexes waiting for their next report, oldest first: a device is handed out again only
 * after its previous report was answered, so no watch has two reports in flight.
 */
export class DeviceQueue {
  private readonly items: Int32Array;
  private head = 0;
  private length: number;

  constructor(size: number) {
    this.items = Int32Array.from({ length: size }, (_, index) => index);
    this.length = size;
  }

  take(): number | undefined {
    if (this.length === 0) return undefined;
    const index = this.items[this.head]!;
    this.head = (this.head + 1) % this.items.length;
    this.length -= 1;
    return index;
  }

  give(index: number): void {
    this.items[(this.head + this.length) % this.items.length] = index;
    this.length += 1;
  }
}
