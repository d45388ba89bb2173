import {
  BATTERY_LEVEL_PERIOD_SECONDS,
  batteryLevelBucketSeconds,
  type BatteryLevels,
  type zBatteryLevelRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './battery-levels.repository';

type BatteryLevelRequest = z.output<typeof zBatteryLevelRequest>;

const isoOfEpoch = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();
/** Averages to one decimal: a chart needs no more, and the answer stays small. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * battery-levels: one watch's battery over the period ending at `end` (now by default), from its
 * stored reports, in at most 500 buckets, with the period's latest and lowest reading.
 */
export async function getBatteryLevels(
  ctx: Pick<RequestContext, 'db' | 'tenantId' | 'now'>,
  deviceId: string,
  request: BatteryLevelRequest,
): Promise<BatteryLevels> {
  if (!(await repository.deviceExists(ctx.db, ctx.tenantId, deviceId))) throw new DomainError('not_found');
  const to = request.end ? new Date(request.end) : ctx.now();
  const from = new Date(to.getTime() - BATTERY_LEVEL_PERIOD_SECONDS[request.period] * 1000);
  const window = {
    tenantId: ctx.tenantId,
    deviceId,
    from,
    to,
    bucketSeconds: batteryLevelBucketSeconds(request.period),
  };
  const buckets = await repository.findBatteryBuckets(ctx.db, window);
  const { latest, lowest } = await repository.findBatteryExtremes(ctx.db, window);
  const reading = (row: repository.BatteryReadingRow | null) =>
    row && { at: isoOfEpoch(row.at), battery: row.battery };
  return {
    deviceId,
    period: request.period,
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds: window.bucketSeconds,
    points: buckets.map((bucket) => ({
      at: isoOfEpoch(bucket.at),
      battery: oneDecimal(bucket.battery),
      min: bucket.min,
      max: bucket.max,
    })),
    latest: reading(latest),
    lowest: reading(lowest),
  };
}
