import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { ALL_TENANTS_ID } from '@homeward/contracts';

/*
 * The reports' queries. Each reads one batch in keyset order (`after` the last row of the previous
 * batch), so a report of any size is read in bounded pieces inside one read-only transaction whose
 * snapshot makes the batches consistent. Every query is limited to the tenant (and row-level
 * security, set on the transaction, limits it again). The keyset cursor is the ordering timestamp
 * as PostgreSQL text: a JavaScript Date would drop its microseconds and skip or repeat rows.
 */

/** Where the previous batch ended: its last row's ordering time (as text) and id. */
export interface KeysetCursor {
  at: string;
  id: string;
}

/** A period in whole UTC days: `from` inclusive, `to` inclusive (both optional). */
export interface ReportPeriod {
  from?: string;
  to?: string;
}

/** `alias.tenant_id` limited to the tenant: null is the host, the all-zero uuid the All view. */
function inTenant(alias: string, tenantId: string | null): SQL {
  if (tenantId === ALL_TENANTS_ID) return sql`true`;
  const column = sql.raw(`${alias}.tenant_id`);
  return tenantId === null ? sql`${column} is null` : sql`${column} = ${tenantId}::uuid`;
}

function inPeriod(column: string, period: ReportPeriod): SQL {
  const at = sql.raw(column);
  const parts: SQL[] = [sql`true`];
  if (period.from) parts.push(sql`${at} >= ${period.from}::date::timestamp at time zone 'UTC'`);
  if (period.to) parts.push(sql`${at} < (${period.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

function afterCursor(timeColumn: string, idColumn: string, after: KeysetCursor | null): SQL {
  if (!after) return sql`true`;
  return sql`(${sql.raw(timeColumn)}, ${sql.raw(idColumn)}) > (${after.at}::timestamptz, ${after.id}::uuid)`;
}

/**
 * Rows of a raw query, as `selectRows` in platform/db reads them: repeated here so the report worker
 * (report-worker.ts) does not load platform/db/database.ts, and with it the embedded PGlite module.
 */
async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function afterId(idColumn: string, after: string | null): SQL {
  return after ? sql`${sql.raw(idColumn)} > ${after}::uuid` : sql`true`;
}

export interface UserOverviewRow {
  id: string;
  user_name: string;
  name: string | null;
  email: string;
  phone_number: string | null;
  email_confirmed: boolean;
  is_active: boolean;
  two_factor_enabled: boolean;
  roles: string | null;
  organization_units: string | null;
  last_sign_in_at: string | null;
  created_at: string;
}

/** Users of the tenant, oldest first, with their roles, organization units and last sign-in. */
export function findUserOverviewBatch(
  db: Database,
  tenantId: string | null,
  after: string | null,
  limit: number,
) {
  return selectRows<UserOverviewRow>(
    db,
    sql`select u.id, u.user_name, u.name, u.email, u.phone_number, u.email_confirmed, u.is_active,
        u.two_factor_enabled, u.created_at::text as created_at,
        (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id) as roles,
        (select string_agg(o.display_name, ', ' order by o.display_name) from user_organization_units uo
          join organization_units o on o.id = uo.organization_unit_id where uo.user_id = u.id) as organization_units,
        (select max(s.created_at)::text from security_logs s
          where s.user_id = u.id and s.action = 'LoginSucceeded') as last_sign_in_at
      from users u
      where ${inTenant('u', tenantId)} and ${afterId('u.id', after)}
      order by u.id limit ${limit}`,
  );
}

export interface SecurityLogReportRow {
  id: string;
  at: string;
  action: string;
  identity: string;
  user_name: string | null;
  client_id: string | null;
  client_ip_address: string | null;
  browser_info: string | null;
  correlation_id: string | null;
}

/** Security log entries of the tenant in the period, oldest first. */
export function findSecurityLogBatch(
  db: Database,
  tenantId: string | null,
  period: ReportPeriod,
  after: KeysetCursor | null,
  limit: number,
) {
  return selectRows<SecurityLogReportRow>(
    db,
    sql`select s.id, s.created_at::text as at, s.action, s.identity, s.user_name, s.client_id,
        s.client_ip_address, s.browser_info, s.correlation_id
      from security_logs s
      where ${inTenant('s', tenantId)} and ${inPeriod('s.created_at', period)}
        and ${afterCursor('s.created_at', 's.id', after)}
      order by s.created_at, s.id limit ${limit}`,
  );
}

export interface DeviceReportRow {
  id: string;
  name: string;
  imei: string;
  status: string;
  network_status: string;
  organization: string | null;
  citizen: string | null;
  product: string | null;
  serial_number: string | null;
  phone_number: string | null;
  operator: string | null;
  last_seen_at: string | null;
  created_at: string;
}

/** Devices of the tenant, oldest first, with their organization, citizen and product. */
export function findDeviceBatch(db: Database, tenantId: string | null, after: string | null, limit: number) {
  return selectRows<DeviceReportRow>(
    db,
    sql`select d.id, d.name, d.imei, d.status, d.network_status, o.display_name as organization,
        nullif(trim(coalesce(c.name, '') || ' ' || coalesce(c.surname, '')), '') as citizen,
        p.name as product, d.serial_number, d.phone_number, d.operator,
        d.last_seen_at::text as last_seen_at, d.created_at::text as created_at
      from devices d
      left join organization_units o on o.id = d.organization_id
      left join citizens c on c.id = d.citizen_id
      left join products p on p.id = d.product_id
      where ${inTenant('d', tenantId)} and ${afterId('d.id', after)}
      order by d.id limit ${limit}`,
  );
}

export interface DeviceAlarmRow {
  id: string;
  at: string;
  kind: string;
  state: string;
  count: number;
  device_name: string | null;
  imei: string | null;
  organization: string | null;
  citizen: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  seconds_to_acknowledge: number | null;
  handled_at: string | null;
  handled_by: string | null;
  seconds_to_handle: number | null;
  cleared_at: string | null;
  note: string | null;
}

/**
 * Alarms of the tenant raised in the period, oldest first. The time to acknowledge and the time to
 * handle run from when the alarm was raised (`first_at`), in whole seconds; null while not done.
 */
export function findDeviceAlarmBatch(
  db: Database,
  tenantId: string | null,
  period: ReportPeriod,
  after: KeysetCursor | null,
  limit: number,
) {
  return selectRows<DeviceAlarmRow>(
    db,
    sql`select a.id, a.first_at::text as at, a.kind, a.state, a.count, d.name as device_name, d.imei,
        o.display_name as organization,
        nullif(trim(coalesce(c.name, '') || ' ' || coalesce(c.surname, '')), '') as citizen,
        a.acknowledged_at::text as acknowledged_at, ua.user_name as acknowledged_by,
        round(extract(epoch from a.acknowledged_at - a.first_at))::integer as seconds_to_acknowledge,
        a.handled_at::text as handled_at, uh.user_name as handled_by,
        round(extract(epoch from a.handled_at - a.first_at))::integer as seconds_to_handle,
        a.cleared_at::text as cleared_at, a.note
      from alarms a
      left join devices d on d.id = a.device_id
      left join organization_units o on o.id = d.organization_id
      left join citizens c on c.id = a.citizen_id
      left join users ua on ua.id = a.acknowledged_by
      left join users uh on uh.id = a.handled_by
      where ${inTenant('a', tenantId)} and ${inPeriod('a.first_at', period)}
        and ${afterCursor('a.first_at', 'a.id', after)}
      order by a.first_at, a.id limit ${limit}`,
  );
}

export interface AlarmMonthSummaryRow {
  month: string;
  organization: string | null;
  alarms: number;
  acknowledged: number;
  acknowledge_median: number | null;
  acknowledge_p90: number | null;
  handled: number;
  handle_median: number | null;
  handle_p90: number | null;
}

/**
 * Per calendar month (UTC) of raising and organization (the device's current one): how many
 * alarms, and the median and 90th percentile (continuous, interpolated) of the seconds to
 * acknowledge and to handle, over the alarms that were; rounded to a tenth of a second.
 */
export function findAlarmMonthSummary(db: Database, tenantId: string | null, period: ReportPeriod) {
  const toAck = sql`extract(epoch from a.acknowledged_at - a.first_at)::float8`;
  const toHandle = sql`extract(epoch from a.handled_at - a.first_at)::float8`;
  const tenth = (value: SQL) => sql`round((${value})::numeric, 1)::float8`;
  return selectRows<AlarmMonthSummaryRow>(
    db,
    sql`select to_char(date_trunc('month', a.first_at at time zone 'UTC'), 'YYYY-MM') as month,
        o.display_name as organization, count(*)::integer as alarms,
        count(a.acknowledged_at)::integer as acknowledged,
        ${tenth(sql`percentile_cont(0.5) within group (order by ${toAck})`)} as acknowledge_median,
        ${tenth(sql`percentile_cont(0.9) within group (order by ${toAck})`)} as acknowledge_p90,
        count(a.handled_at)::integer as handled,
        ${tenth(sql`percentile_cont(0.5) within group (order by ${toHandle})`)} as handle_median,
        ${tenth(sql`percentile_cont(0.9) within group (order by ${toHandle})`)} as handle_p90
      from alarms a
      left join devices d on d.id = a.device_id
      left join organization_units o on o.id = d.organization_id
      where ${inTenant('a', tenantId)} and ${inPeriod('a.first_at', period)}
      group by 1, o.id, o.display_name
      order by 1, 2 nulls first`,
  );
}
