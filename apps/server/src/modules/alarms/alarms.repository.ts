import type { AlarmHistoryAction, AlarmKind, AlarmState, zAlarmListRequest } from '@homeward/contracts';
import type { z } from 'zod';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant, orderByOf } from '../../platform/db/query-helpers';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { users } from '../users/users.schema';
import { alarmHistory, alarms } from './alarms.schema';

/** Queries of alarms and their history. */

export interface RaisedAlarm {
  id: string;
  count: number;
  state: AlarmState;
  citizenId: string | null;
}

/**
 * Inserts an open alarm, or, when the device already has one of the kind that is not handled,
 * counts the repeat on it (`repeat: 'count'`) or leaves it alone (`repeat: 'ignore'`, then null).
 * The partial unique index decides, so two reports racing still make one alarm.
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
  repeat: 'count' | 'ignore',
): Promise<RaisedAlarm | null> {
  // Escalation counts from when the alarm was raised here, not from the (possibly skewed) device time.
  const insert = db
    .insert(alarms)
    .values({ ...values, firstAt: values.at, lastAt: values.at, notifiedAt: sql`now()` });
  const target = {
    target: [alarms.deviceId, alarms.kind],
    where: sql`${alarms.state} <> 'handled'`,
  };
  const returning = { id: alarms.id, count: alarms.count, state: alarms.state, citizenId: alarms.citizenId };
  const [row] =
    repeat === 'count'
      ? await insert
          .onConflictDoUpdate({
            target: target.target,
            targetWhere: target.where,
            set: {
              count: sql`${alarms.count} + 1`,
              lastAt: sql`greatest(${alarms.lastAt}, excluded.last_at)`,
            },
          })
          .returning(returning)
      : await insert.onConflictDoNothing({ target: target.target, where: target.where }).returning(returning);
  return row ?? null;
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
  note: alarms.note,
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
  const conditions: (SQL | undefined)[] = [
    inTenant(alarms.tenantId, tenantId),
    query.state ? eq(alarms.state, query.state) : undefined,
    query.kind ? eq(alarms.kind, query.kind) : undefined,
    query.citizenId ? eq(alarms.citizenId, query.citizenId) : undefined,
    query.deviceId ? eq(alarms.deviceId, query.deviceId) : undefined,
    query.from ? gte(alarms.lastAt, new Date(query.from)) : undefined,
    query.to ? lte(alarms.lastAt, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions);
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
