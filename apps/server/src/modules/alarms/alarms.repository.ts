import type { AlarmHistoryAction, AlarmKind, AlarmState, zAlarmListRequest } from '@homeward/contracts';
import type { z } from 'zod';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, columnName, inTenant, orderByOf } from '../../platform/db/query-helpers';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { users } from '../users/users.schema';
import { alarmFilterCondition } from './alarm-filter';
import { alarmHistory, alarms } from './alarms.schema';

/** Queries of alarms and their history. */

export interface RaisedAlarm {
  id: string;
  count: number;
  state: AlarmState;
  citizenId: string | null;
  /** The receiver the escalation has reached; null when it starts (again) from the first. */
  notifiedPosition: number | null;
}

/**
 * What a new occurrence does to the active alarm of its kind, when there is one: `count` it (the
 * incident goes on, nobody is alerted again), `ignore` it (then null: every low-battery report would
 * count), or `realert`: counted, and open again with the acknowledgement taken back. A re-alert of
 * an acknowledged alarm, or of one whose escalation has ended, starts the escalation again from
 * the first receiver (`notifiedPosition` null); one of an open alarm still escalating keeps its
 * position and clock, so repeated presses never hold the next receiver back.
 */
export type RepeatMode = 'count' | 'ignore' | 'realert';

/**
 * Inserts an open alarm or applies `repeat` to the device's active one of the kind. The partial
 * unique index decides, so two reports racing still make one alarm.
 */
export async function upsertAlarm(
  db: Database,
  values: {
    tenantId: string | null;
    deviceId: string;
    citizenId: string | null;
    kind: AlarmKind;
    at: Date;
  },
  repeat: RepeatMode,
): Promise<RaisedAlarm | null> {
  // Escalation counts from when the alarm was raised here, not from the (possibly skewed) device time.
  const insert = db
    .insert(alarms)
    .values({ ...values, firstAt: values.at, lastAt: values.at, notifiedAt: sql`now()` });
  const target = [alarms.deviceId, alarms.kind];
  const where = sql`${alarms.state} in ('open', 'acknowledged')`;
  const returning = {
    id: alarms.id,
    count: alarms.count,
    state: alarms.state,
    citizenId: alarms.citizenId,
    notifiedPosition: alarms.notifiedPosition,
  };
  if (repeat === 'ignore') {
    const [row] = await insert.onConflictDoNothing({ target, where }).returning(returning);
    return row ?? null;
  }
  const counted = {
    count: sql`${alarms.count} + 1`,
    lastAt: sql`greatest(${alarms.lastAt}, excluded.${columnName(alarms.lastAt)})`,
  };
  // Still escalating: an open alarm whose escalation has not run out of receivers.
  const escalating = sql`${alarms.state} = 'open' and ${alarms.notifiedAt} is not null`;
  const realerted = {
    ...counted,
    state: 'open' as const,
    acknowledgedBy: null,
    acknowledgedAt: null,
    notifiedPosition: sql`case when ${escalating} then ${alarms.notifiedPosition} end`,
    notifiedAt: sql`case when ${escalating} then ${alarms.notifiedAt} else now() end`,
  };
  const [row] = await insert
    .onConflictDoUpdate({ target, targetWhere: where, set: repeat === 'realert' ? realerted : counted })
    .returning(returning);
  return row ?? null;
}

/** An incident whose condition cleared: its device and kind, and when (the report's time). */
export interface AlarmClearing {
  deviceId: string;
  kind: AlarmKind;
  at: Date;
}

/** An alarm `clearActiveAlarms` closed, with what its realtime event needs. */
export interface ClearedAlarm {
  id: string;
  tenant_id: string | null;
  device_id: string;
  kind: AlarmKind;
  organization_id: string | null;
  citizen_name: string | null;
}

/**
 * Closes the active (open or acknowledged) alarms of the given devices and kinds as `cleared`, and
 * takes them out of the escalation queue, in one statement whatever the number (the pipeline
 * sends one per batch; the partial unique index finds each, and most find none). An alarm whose
 * last occurrence is later than the clearing report's time stays (a late report must not end a
 * newer incident), except `offline`: any report proves the connection, whatever the clocks say
 * (a report received just before the offline job ran may commit just after it).
 */
export async function clearActiveAlarms(
  db: Database,
  tenantId: string | null,
  clearings: readonly AlarmClearing[],
): Promise<ClearedAlarm[]> {
  if (clearings.length === 0) return [];
  const a = alarms;
  const tenantFilter = tenantId === null ? sql`${a.tenantId} is null` : sql`${a.tenantId} = ${tenantId}`;
  return selectRows<ClearedAlarm>(
    db,
    sql`with cleared as (
          update ${a} set ${columnName(a.state)} = 'cleared', ${columnName(a.clearedAt)} = c.at,
            ${columnName(a.notifiedAt)} = null
          from unnest(${arrayOf(clearings.map((clearing) => clearing.deviceId))},
            ${arrayOf(
              clearings.map((clearing) => clearing.kind),
              'text',
            )},
            ${arrayOf(
              clearings.map((clearing) => clearing.at.toISOString()),
              'timestamptz',
            )}) as c(device_id, kind, at)
          where ${a.deviceId} = c.device_id and ${a.kind} = c.kind and ${a.state} in ('open', 'acknowledged')
            and (${a.lastAt} <= c.at or ${a.kind} = 'offline') and ${tenantFilter}
          returning ${a.id} as id, ${a.tenantId} as tenant_id, ${a.deviceId} as device_id, ${a.kind} as kind,
            ${a.citizenId} as citizen_id)
        select cleared.id, cleared.tenant_id, cleared.device_id, cleared.kind,
          ${devices.organizationId} as organization_id,
          ${citizens.name} || ' ' || ${citizens.surname} as citizen_name
        from cleared
        join ${devices} on ${devices.id} = cleared.device_id
        left join ${citizens} on ${citizens.id} = cleared.citizen_id`,
  );
}

export async function insertAlarmHistory(
  db: Database,
  entry: {
    tenantId: string | null;
    alarmId: string;
    at: Date;
    action: AlarmHistoryAction;
    userId?: string | null;
    detail?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db
    .insert(alarmHistory)
    .values({ ...entry, userId: entry.userId ?? null, detail: entry.detail ?? null });
}

/** Whole seconds from raising (`first_at`) to `at`, as the reports count them; null until then. */
function secondsAfterRaising(at: typeof alarms.acknowledgedAt | typeof alarms.handledAt) {
  return sql<number | null>`round(extract(epoch from ${at} - ${alarms.firstAt}))::integer`;
}

const alarmColumns = {
  id: alarms.id,
  tenantId: alarms.tenantId,
  deviceId: alarms.deviceId,
  deviceName: devices.name,
  citizenId: alarms.citizenId,
  citizenName: sql<string | null>`${citizens.name} || ' ' || ${citizens.surname}`,
  organizationId: devices.organizationId,
  kind: alarms.kind,
  state: alarms.state,
  count: alarms.count,
  firstAt: alarms.firstAt,
  lastAt: alarms.lastAt,
  acknowledgedBy: alarms.acknowledgedBy,
  acknowledgedAt: alarms.acknowledgedAt,
  handledBy: alarms.handledBy,
  handledAt: alarms.handledAt,
  clearedAt: alarms.clearedAt,
  note: alarms.note,
  secondsToAcknowledge: secondsAfterRaising(alarms.acknowledgedAt),
  secondsToHandle: secondsAfterRaising(alarms.handledAt),
};

export type AlarmListRow = NonNullable<Awaited<ReturnType<typeof findAlarm>>>;

function selectAlarms(db: Database) {
  return db
    .select(alarmColumns)
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .leftJoin(citizens, eq(citizens.id, alarms.citizenId));
}

export async function findAlarm(db: Database, tenantId: string | null, id: string) {
  const [row] = await selectAlarms(db).where(and(inTenant(alarms.tenantId, tenantId), eq(alarms.id, id)));
  return row ?? null;
}

export type AlarmPageRequest = z.output<typeof zAlarmListRequest>;

const SORTABLE = { lastAt: alarms.lastAt, firstAt: alarms.firstAt, kind: alarms.kind, state: alarms.state };

/** A page of the tenant's alarms, newest (last raised) first unless sorted otherwise. */
export async function findAlarms(db: Database, tenantId: string | null, query: AlarmPageRequest) {
  const where = alarmFilterCondition(tenantId, query);
  const order = orderByOf(query.sorting, SORTABLE, desc(alarms.lastAt));
  const items = await selectAlarms(db)
    .where(where)
    .orderBy(order, desc(alarms.id))
    .offset(query.skipCount)
    .limit(query.maxResultCount);
  const [total] = await db.select({ n: count() }).from(alarms).where(where);
  return { items, totalCount: total?.n ?? 0 };
}

export async function findAlarmHistory(db: Database, tenantId: string | null, alarmId: string) {
  return db
    .select({
      id: alarmHistory.id,
      at: alarmHistory.at,
      action: alarmHistory.action,
      userId: alarmHistory.userId,
      userName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.userName})`,
      detail: alarmHistory.detail,
    })
    .from(alarmHistory)
    .leftJoin(users, eq(users.id, alarmHistory.userId))
    .where(and(inTenant(alarmHistory.tenantId, tenantId), eq(alarmHistory.alarmId, alarmId)))
    .orderBy(asc(alarmHistory.at), asc(alarmHistory.id));
}

/**
 * Moves an alarm to `to` if it is in one of `from` (checked in the statement, so two users acting
 * at once cannot both succeed); null when it was not in such a state.
 */
export async function transitionAlarm(
  db: Database,
  tenantId: string | null,
  id: string,
  from: AlarmState[],
  change: Partial<typeof alarms.$inferInsert> & { state: AlarmState },
) {
  const [row] = await db
    .update(alarms)
    .set(change)
    .where(
      and(
        inTenant(alarms.tenantId, tenantId),
        eq(alarms.id, id),
        sql`${alarms.state} in (${sql.join(
          from.map((state) => sql`${state}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: alarms.id });
  return row ?? null;
}
