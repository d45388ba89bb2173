import { and, asc, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern } from '../../platform/db/query-helpers';
import { citizens } from '../citizens/citizens.schema';
import { alarmFilterCondition, type AlarmFilter } from './alarm-filter';
import { alarms } from './alarms.schema';

/** The alarm center's figures and lookups. */

export interface AlarmStatisticsRow {
  count: number;
  open: number;
  acknowledged: number;
  acknowledgeMedian: number | null;
  acknowledgeP90: number | null;
  handled: number;
  handleMedian: number | null;
  handleP90: number | null;
}

const toAcknowledge = sql`extract(epoch from ${alarms.acknowledgedAt} - ${alarms.firstAt})::float8`;
const toHandle = sql`extract(epoch from ${alarms.handledAt} - ${alarms.firstAt})::float8`;
/** A percentile of seconds, to a tenth of a second as the reports give it (float8, a JS number). */
const percentile = (fraction: number, seconds: SQL) =>
  sql<
    number | null
  >`round((percentile_cont(${sql.raw(String(fraction))}) within group (order by ${seconds}))::numeric, 1)::float8`;

/**
 * Over the alarms the filter selects, in one pass: how many, how many are still open, and of those
 * acknowledged (handled) how many and the median and 90th percentile of the seconds from raising
 * to it. `percentile_cont` ignores nulls, so alarms not (yet) acknowledged count in no time.
 */
export async function findAlarmStatistics(
  db: Database,
  tenantId: string | null,
  filter: AlarmFilter,
): Promise<AlarmStatisticsRow> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::integer`,
      open: sql<number>`(count(*) filter (where ${alarms.state} = 'open'))::integer`,
      acknowledged: sql<number>`count(${alarms.acknowledgedAt})::integer`,
      acknowledgeMedian: percentile(0.5, toAcknowledge),
      acknowledgeP90: percentile(0.9, toAcknowledge),
      handled: sql<number>`count(${alarms.handledAt})::integer`,
      handleMedian: percentile(0.5, toHandle),
      handleP90: percentile(0.9, toHandle),
    })
    .from(alarms)
    .where(alarmFilterCondition(tenantId, filter));
  return row!;
}

/** `{id, displayName}` of the tenant's citizens by name, surname or both, for the alarm filter. */
export async function findCitizenLookup(
  db: Database,
  tenantId: string | null,
  lookup: { filter?: string; skip: number; take: number },
) {
  const fullName = sql<string>`${citizens.name} || ' ' || ${citizens.surname}`;
  const pattern = lookup.filter ? likePattern(lookup.filter) : undefined;
  const where = and(
    inTenant(citizens.tenantId, tenantId),
    pattern
      ? or(ilike(citizens.name, pattern), ilike(citizens.surname, pattern), ilike(fullName, pattern))
      : undefined,
  );
  const items = await db
    .select({ id: citizens.id, displayName: fullName })
    .from(citizens)
    .where(where)
    .orderBy(asc(citizens.name), asc(citizens.surname), asc(citizens.id))
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(citizens).where(where);
  return { items, totalCount: total?.n ?? 0 };
}
