import type { GeofenceGeometry } from '@homeward/contracts';
import { destination, distanceMeters } from './geo';
import type { Fix } from './walk-model';

export interface ScriptedWalkOptions {
  /** The device time of the last fix; the earlier ones are `intervalSeconds` apart before it. */
  endAt?: Date;
  intervalSeconds?: number;
  speedMps?: number;
  accuracyMeters?: number;
  /** Which way to leave, degrees clockwise from north. */
  bearing?: number;
  /** Fixes clear of the edge (outside by more than their accuracy) after the first such fix. */
  extraOutsideFixes?: number;
  batteryPercent?: number;
}

/** The exact reports of one watch walking out of a fence: the script the tests and the e2e journey use. */
export interface ScriptedWalk {
  imei: string;
  fixes: Fix[];
}

/**
 * A walk out of a circle geofence: the first fix inside and clear of the edge (so the engine
 * knows the watch was inside), then steps straight out at walking speed until a fix is outside by
 * more than its accuracy (an exit whatever `Homeward.Geofence.ExitConfirmations` says), then
 * `extraOutsideFixes` more beyond it. Device times are strictly increasing, the last at `endAt`.
 */
export function walkOutOfGeofence(
  imei: string,
  geofence: GeofenceGeometry,
  options: ScriptedWalkOptions = {},
): ScriptedWalk {
  if (geofence.kind !== 'circle') throw new Error('walkOutOfGeofence walks out of circle geofences only');
  const intervalSeconds = options.intervalSeconds ?? 5;
  const speedMps = options.speedMps ?? 1.4;
  const accuracyMeters = options.accuracyMeters ?? 10;
  const bearing = options.bearing ?? 90;
  const extra = options.extraOutsideFixes ?? 2;
  const { center, radiusMeters } = geofence;
  const step = speedMps * intervalSeconds;

  const points = [];
  let distance = Math.max(0, radiusMeters - 2 * accuracyMeters - step);
  let outsideClear = 0;
  while (outsideClear <= extra) {
    const point = destination(center, bearing, distance);
    points.push(point);
    if (distanceMeters(center, point) - radiusMeters > accuracyMeters + 1) outsideClear += 1;
    distance += step;
  }
  const endAt = (options.endAt ?? new Date()).getTime();
  return {
    imei,
    fixes: points.map((point, index) => ({
      at: new Date(endAt - (points.length - 1 - index) * intervalSeconds * 1000),
      lat: point.lat,
      lon: point.lon,
      accuracyMeters,
      speedMps,
      bearing,
      batteryPercent: options.batteryPercent ?? 80,
      charging: false,
      sos: false,
    })),
  };
}
