import {
  DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS,
  ROUTE_MAX_POINTS,
  type CitizenRoute,
  type zCitizenRouteRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { citizenExists, findCitizenGeofences } from '../citizens';
import { engineFenceOf } from '../geofence-engine';
import * as repository from './citizen-route.repository';
import { localDayBounds } from './local-day';
import { detectStops, findCrossings, thinTrack, type TrackFix } from './route-analysis';

type CitizenRouteRequest = z.output<typeof zCitizenRouteRequest>;

const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();

/**
 * Route history: the citizen's track on one local day from the watches linked to them now (links
 * keep no history), its stops, and its exits and entries of the citizen's geofences as they are
 * now. Stops and crossings are found on every fix; only the drawn track is thinned.
 */
export async function getCitizenRoute(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  citizenId: string,
  request: CitizenRouteRequest,
): Promise<CitizenRoute> {
  if (!(await citizenExists(ctx.db, ctx.tenantId, citizenId))) throw new DomainError('not_found');
  const { from, to } = localDayBounds(request.date, request.timeZone);
  const deviceIds = await repository.findLinkedDeviceIds(ctx.db, ctx.tenantId, citizenId);
  const window = { tenantId: ctx.tenantId, deviceIds, from, to };
  const rows = await repository.findRouteFixes(ctx.db, window);
  const noFixCount = await repository.countNoFixReports(ctx.db, window);
  const fences = (await findCitizenGeofences(ctx.db, ctx.tenantId, citizenId)).map((row) => ({
    ...engineFenceOf(row),
    name: row.name,
  }));

  const fixes: TrackFix[] = rows.map((row) => ({
    at: row.at,
    lat: row.lat,
    lon: row.lon,
    accuracyMeters: row.accuracyMeters ?? 0,
  }));
  const stops = detectStops(fixes);
  const crossings = findCrossings(fixes, fences, DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS);
  const kept = thinTrack(rows.length, ROUTE_MAX_POINTS, [
    ...stops.flatMap((stop) => [stop.first, stop.last]),
    ...crossings.map((crossing) => crossing.index),
  ]);
  const fenceNames = new Map(fences.map((fence) => [fence.id, fence.name]));

  return {
    citizenId,
    date: request.date,
    timeZone: request.timeZone,
    from: from.toISOString(),
    to: to.toISOString(),
    points: kept.map((index) => {
      const row = rows[index]!;
      return { at: iso(row.at), lat: row.lat, lon: row.lon, deviceId: row.deviceId };
    }),
    totalPoints: rows.length,
    noFixCount,
    stops: stops.map((stop) => ({
      start: iso(stop.start),
      end: iso(stop.end),
      durationSeconds: Math.round((stop.end - stop.start) / 1000),
      lat: stop.lat,
      lon: stop.lon,
    })),
    crossings: crossings.map((crossing) => {
      const fix = fixes[crossing.index]!;
      return {
        at: iso(fix.at),
        lat: fix.lat,
        lon: fix.lon,
        geofenceId: crossing.fenceId,
        geofenceName: fenceNames.get(crossing.fenceId) ?? '',
        kind: crossing.kind,
      };
    }),
  };
}
