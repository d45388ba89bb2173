import {
  NO_VITAL_THRESHOLDS,
  VITAL_MEASURES,
  VITAL_PERIOD_SECONDS,
  vitalBucketSeconds,
  type VitalMeasure,
  type VitalPoint,
  type VitalReading,
  type VitalThresholds,
  type Vitals,
  type zVitalThresholdsRequest,
  type zVitalsRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './vitals.repository';

type VitalsContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

const isoOfEpoch = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();
/** Averages to one decimal: a chart needs no more, and the answer stays small. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const perMeasure = <T>(make: () => T) =>
  Object.fromEntries(VITAL_MEASURES.map((measure) => [measure, make()])) as Record<VitalMeasure, T>;

async function requireCitizen(ctx: VitalsContext, citizenId: string) {
  if (!(await repository.citizenExists(ctx.db, ctx.tenantId, citizenId))) throw new DomainError('not_found');
}

/**
 * vitals: a citizen's readings over the period ending at `end` (now by default), each measure in
 * at most 500 buckets, with each measure's latest reading (also from before the period).
 */
export async function getVitals(
  ctx: VitalsContext,
  citizenId: string,
  request: z.output<typeof zVitalsRequest>,
): Promise<Vitals> {
  await requireCitizen(ctx, citizenId);
  const to = request.end ? new Date(request.end) : ctx.now();
  const from = new Date(to.getTime() - VITAL_PERIOD_SECONDS[request.period] * 1000);
  const bucketSeconds = vitalBucketSeconds(request.period);
  const buckets = await repository.findVitalBuckets(ctx.db, {
    tenantId: ctx.tenantId,
    citizenId,
    from,
    to,
    bucketSeconds,
  });
  const series = perMeasure<VitalPoint[]>(() => []);
  for (const bucket of buckets) {
    series[bucket.measure].push({
      at: isoOfEpoch(bucket.at),
      value: oneDecimal(bucket.value),
      min: bucket.min,
      max: bucket.max,
    });
  }
  const latest = perMeasure<VitalReading | null>(() => null);
  for (const row of await repository.findLatestVitals(ctx.db, ctx.tenantId, citizenId, to)) {
    latest[row.measure] = { at: isoOfEpoch(row.at), value: row.value };
  }
  return {
    citizenId,
    period: request.period,
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds,
    series,
    latest,
  };
}

/** The citizen's vital thresholds; no limits when none were saved. */
export async function getVitalThresholds(ctx: VitalsContext, citizenId: string): Promise<VitalThresholds> {
  await requireCitizen(ctx, citizenId);
  const row = await repository.findThresholds(ctx.db, ctx.tenantId, citizenId);
  if (!row) return { citizenId, ...NO_VITAL_THRESHOLDS, updatedAt: null };
  const { updatedAt, ...thresholds } = row;
  return { citizenId, ...thresholds, updatedAt: updatedAt.toISOString() };
}

/** Saves the citizen's thresholds; the next reading is checked against them. */
export async function saveVitalThresholds(
  ctx: VitalsContext,
  citizenId: string,
  request: z.output<typeof zVitalThresholdsRequest>,
): Promise<VitalThresholds> {
  await requireCitizen(ctx, citizenId);
  await repository.saveThresholds(ctx.db, ctx.tenantId, citizenId, request, ctx.now());
  return getVitalThresholds(ctx, citizenId);
}
