import {
  ALARM_MESSAGE_KEYS,
  type Alarm,
  type AlarmDetail,
  type AlarmListResponse,
  type AlarmState,
  type AlarmStatistics,
  type LookupResponse,
  type zLookupRequest,
  type DeviceStatus,
} from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { inTenant, isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { deviceEvent } from '../devices';
import { devices } from '../devices/devices.schema';
import { findOrganizationLookup } from '../organizations';
import type { AlarmFilter } from './alarm-filter';
import * as statistics from './alarm-statistics.repository';
import * as repository from './alarms.repository';

type Lookup = z.output<typeof zLookupRequest>;

/**
 * Alarms of the caller's tenant: list, read with history, acknowledge and handle. The states go
 * open → acknowledged → handled; handling an open alarm directly is allowed (a staff member who
 * resolves a false alarm need not click twice), everything else is refused with 409, a `cleared`
 * alarm too: its condition cleared and the system closed it (`alarm-clearing.ts`).
 */

type AlarmContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

function toAlarm(row: repository.AlarmListRow): Alarm {
  return {
    id: row.id,
    tenantId: row.tenantId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    citizenId: row.citizenId,
    citizenName: row.citizenName,
    kind: row.kind,
    state: row.state,
    count: row.count,
    firstAt: isoTime(row.firstAt),
    lastAt: isoTime(row.lastAt),
    acknowledgedByUserId: row.acknowledgedBy,
    acknowledgedAt: isoTime(row.acknowledgedAt),
    handledByUserId: row.handledBy,
    handledAt: isoTime(row.handledAt),
    clearedAt: isoTime(row.clearedAt),
    note: row.note,
    secondsToAcknowledge: row.secondsToAcknowledge,
    secondsToHandle: row.secondsToHandle,
  };
}

export async function listAlarms(
  ctx: Pick<AlarmContext, 'db' | 'tenantId'>,
  query: repository.AlarmPageRequest,
): Promise<AlarmListResponse> {
  const { items, totalCount } = await repository.findAlarms(ctx.db, ctx.tenantId, query);
  return { items: items.map(toAlarm), totalCount };
}

/** The count, still open, and the times to acknowledge and handle of the alarms the filters select. */
export async function getAlarmStatistics(
  ctx: Pick<AlarmContext, 'db' | 'tenantId'>,
  filter: AlarmFilter,
): Promise<AlarmStatistics> {
  const row = await statistics.findAlarmStatistics(ctx.db, ctx.tenantId, filter);
  return {
    count: row.count,
    open: row.open,
    acknowledged: { count: row.acknowledged, median: row.acknowledgeMedian, p90: row.acknowledgeP90 },
    handled: { count: row.handled, median: row.handleMedian, p90: row.handleP90 },
  };
}

/** The alarm center's citizen filter: the tenant's citizens, searched by name. */
export async function lookupAlarmCitizens(
  ctx: Pick<AlarmContext, 'db' | 'tenantId'>,
  lookup: Lookup,
): Promise<LookupResponse> {
  return statistics.findCitizenLookup(ctx.db, ctx.tenantId, lookup);
}

/**
 * The alarm center's organization filter: the tenant's organization units, for a user who reads
 * alarms without the organizations screen's permission.
 */
export async function lookupAlarmOrganizations(
  ctx: Pick<AlarmContext, 'db' | 'tenantId'>,
  lookup: Lookup,
): Promise<LookupResponse> {
  return findOrganizationLookup(ctx.db, ctx.tenantId, lookup);
}

export async function getAlarm(ctx: Pick<AlarmContext, 'db' | 'tenantId'>, id: string): Promise<AlarmDetail> {
  const row = await repository.findAlarm(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  const history = await repository.findAlarmHistory(ctx.db, ctx.tenantId, id);
  return {
    ...toAlarm(row),
    history: history.map((entry) => ({ ...entry, at: isoTime(entry.at) })),
  };
}

export async function acknowledgeAlarm(ctx: AlarmContext, id: string): Promise<AlarmDetail> {
  const now = ctx.now();
  return changeState(ctx, id, ['open'], {
    state: 'acknowledged',
    acknowledgedBy: ctx.userId,
    acknowledgedAt: now,
  });
}

export async function handleAlarm(
  ctx: AlarmContext,
  id: string,
  note: string | undefined,
): Promise<AlarmDetail> {
  const now = ctx.now();
  return changeState(ctx, id, ['open', 'acknowledged'], {
    state: 'handled',
    handledBy: ctx.userId,
    handledAt: now,
    note: note || null,
  });
}

async function changeState(
  ctx: AlarmContext,
  id: string,
  from: AlarmState[],
  change: Parameters<typeof repository.transitionAlarm>[4],
): Promise<AlarmDetail> {
  const current = await repository.findAlarm(ctx.db, ctx.tenantId, id);
  if (!current) throw new DomainError('not_found');
  const moved = await repository.transitionAlarm(ctx.db, ctx.tenantId, id, from, change);
  if (!moved) throw new DomainError('conflict', undefined, ALARM_MESSAGE_KEYS.invalidTransition);
  const at = ctx.now();
  const action = change.state === 'handled' ? 'handled' : 'acknowledged';
  await repository.insertAlarmHistory(ctx.db, {
    tenantId: current.tenantId,
    alarmId: id,
    at,
    action,
    userId: ctx.userId,
    detail: { from: current.state, ...(change.note ? { note: change.note } : {}) },
  });
  await publishRealtime(ctx.db, {
    type: 'alarm',
    tenantId: current.tenantId,
    organizationId: current.organizationId,
    alarmId: id,
    kind: current.kind,
    state: change.state,
    citizenName: current.citizenName,
    deviceId: current.deviceId,
    at: at.toISOString(),
  });
  if (change.state === 'handled') await markDeviceHandled(ctx.db, current);
  return getAlarm(ctx, id);
}

/** Spec §4: a handled offline or low-battery alarm shows on the device as the "handled" status. */
const HANDLED_STATUS: Partial<Record<Alarm['kind'], { from: DeviceStatus; to: DeviceStatus }>> = {
  offline: { from: 'offline', to: 'offlineAlarmHandled' },
  lowBattery: { from: 'online', to: 'lowBatteryWarningHandled' },
};

async function markDeviceHandled(db: Database, alarm: repository.AlarmListRow) {
  const change = HANDLED_STATUS[alarm.kind];
  if (!change) return;
  const [state] = await db
    .update(devices)
    .set({ status: change.to })
    .where(
      and(
        inTenant(devices.tenantId, alarm.tenantId),
        eq(devices.id, alarm.deviceId),
        eq(devices.status, change.from),
      ),
    )
    .returning();
  if (state) await publishRealtime(db, deviceEvent(state));
}
