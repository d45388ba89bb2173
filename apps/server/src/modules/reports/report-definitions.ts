import type { Language, ReportKind } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import * as repository from './reports.repository';

/** One cell of a report: text, a number, yes/no, a time, or empty. */
export type ReportCell = string | number | boolean | Date | null;

/** What a sheet's rows are read with: the transaction, the tenant, the period, the language. */
export interface ReportSource {
  db: Database;
  tenantId: string | null;
  period: repository.ReportPeriod;
  language: Language;
  /** Translates `namespace:key` into `language` (values such as alarm kinds and states). */
  translate(key: string): string;
}

/** One table of a report: translated column headers and its rows, read batch by batch. */
export interface ReportSheet {
  /** Translation key of the sheet's name (the xlsx tab). */
  titleKey: string;
  /** Namespaced translation keys of the column headers. */
  headerKeys: string[];
  rows(source: ReportSource): AsyncIterable<ReportCell[][]>;
}

/**
 * A report: its sheets. CSV holds one table, so it carries the first sheet only; the device-alarms
 * report's monthly summary is also a report of its own (`device-alarm-summary`) for CSV.
 */
export interface ReportDefinition {
  kind: ReportKind;
  sheets: ReportSheet[];
}

/** Rows per batch: large enough for few round trips, small enough that memory stays flat. */
export const REPORT_BATCH_SIZE = 5000;

const time = (text: string | null): Date | null => (text === null ? null : new Date(text));

/** Batches read in keyset order by id until one comes back short. */
async function* byId<T extends { id: string }>(
  fetch: (after: string | null, limit: number) => Promise<T[]>,
  toCells: (row: T) => ReportCell[],
): AsyncIterable<ReportCell[][]> {
  let after: string | null = null;
  for (;;) {
    const rows = await fetch(after, REPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows.map(toCells);
    if (rows.length < REPORT_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Batches read in keyset order by (time, id) until one comes back short. */
async function* byTime<T extends { id: string; at: string }>(
  fetch: (after: repository.KeysetCursor | null, limit: number) => Promise<T[]>,
  toCells: (row: T) => ReportCell[],
): AsyncIterable<ReportCell[][]> {
  let after: repository.KeysetCursor | null = null;
  for (;;) {
    const rows = await fetch(after, REPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows.map(toCells);
    if (rows.length < REPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

const userOverview: ReportSheet = {
  titleKey: 'reports:kinds.user-overview',
  headerKeys: [
    'reports:columns.userName',
    'reports:columns.name',
    'reports:columns.email',
    'reports:columns.phoneNumber',
    'reports:columns.active',
    'reports:columns.emailConfirmed',
    'reports:columns.twoFactor',
    'reports:columns.roles',
    'reports:columns.organizationUnits',
    'reports:columns.lastSignIn',
    'reports:columns.created',
  ],
  rows: ({ db, tenantId }) =>
    byId(
      (after, limit) => repository.findUserOverviewBatch(db, tenantId, after, limit),
      (row) => [
        row.user_name,
        row.name,
        row.email,
        row.phone_number,
        row.is_active,
        row.email_confirmed,
        row.two_factor_enabled,
        row.roles,
        row.organization_units,
        time(row.last_sign_in_at),
        time(row.created_at),
      ],
    ),
};

const securityLogs: ReportSheet = {
  titleKey: 'reports:kinds.security-logs',
  headerKeys: [
    'reports:columns.time',
    'reports:columns.action',
    'reports:columns.identity',
    'reports:columns.userName',
    'reports:columns.clientId',
    'reports:columns.ipAddress',
    'reports:columns.browser',
    'reports:columns.correlationId',
  ],
  rows: ({ db, tenantId, period }) =>
    byTime(
      (after, limit) => repository.findSecurityLogBatch(db, tenantId, period, after, limit),
      (row) => [
        time(row.at),
        row.action,
        row.identity,
        row.user_name,
        row.client_id,
        row.client_ip_address,
        row.browser_info,
        row.correlation_id,
      ],
    ),
};

const devices: ReportSheet = {
  titleKey: 'reports:kinds.devices',
  headerKeys: [
    'reports:columns.deviceName',
    'reports:columns.imei',
    'reports:columns.status',
    'reports:columns.networkStatus',
    'reports:columns.organization',
    'reports:columns.citizen',
    'reports:columns.product',
    'reports:columns.serialNumber',
    'reports:columns.phoneNumber',
    'reports:columns.operator',
    'reports:columns.lastSeen',
    'reports:columns.created',
  ],
  rows: ({ db, tenantId }) =>
    byId(
      (after, limit) => repository.findDeviceBatch(db, tenantId, after, limit),
      (row) => [
        row.name,
        row.imei,
        row.status,
        row.network_status,
        row.organization,
        row.citizen,
        row.product,
        row.serial_number,
        row.phone_number,
        row.operator,
        time(row.last_seen_at),
        time(row.created_at),
      ],
    ),
};

const deviceAlarms: ReportSheet = {
  titleKey: 'reports:kinds.device-alarms',
  headerKeys: [
    'reports:columns.raised',
    'reports:columns.alarmKind',
    'reports:columns.state',
    'reports:columns.deviceName',
    'reports:columns.imei',
    'reports:columns.organization',
    'reports:columns.citizen',
    'reports:columns.acknowledged',
    'reports:columns.acknowledgedBy',
    'reports:columns.secondsToAcknowledge',
    'reports:columns.handled',
    'reports:columns.handledBy',
    'reports:columns.secondsToHandle',
    'reports:columns.cleared',
    'reports:columns.repeats',
    'reports:columns.note',
  ],
  rows: ({ db, tenantId, period, translate }) =>
    byTime(
      (after, limit) => repository.findDeviceAlarmBatch(db, tenantId, period, after, limit),
      (row) => [
        time(row.at),
        translate(`alarms:kinds.${row.kind}`),
        translate(`alarms:states.${row.state}`),
        row.device_name,
        row.imei,
        row.organization,
        row.citizen,
        time(row.acknowledged_at),
        row.acknowledged_by,
        row.seconds_to_acknowledge,
        time(row.handled_at),
        row.handled_by,
        row.seconds_to_handle,
        time(row.cleared_at),
        row.count,
        row.note,
      ],
    ),
};

const alarmSummary: ReportSheet = {
  titleKey: 'reports:kinds.device-alarm-summary',
  headerKeys: [
    'reports:columns.month',
    'reports:columns.organization',
    'reports:columns.alarms',
    'reports:columns.acknowledgedCount',
    'reports:columns.acknowledgeMedian',
    'reports:columns.acknowledgeP90',
    'reports:columns.handledCount',
    'reports:columns.handleMedian',
    'reports:columns.handleP90',
  ],
  // A few rows per month and organization: one query, one batch.
  async *rows({ db, tenantId, period }) {
    const rows = await repository.findAlarmMonthSummary(db, tenantId, period);
    yield rows.map((row) => [
      row.month,
      row.organization,
      row.alarms,
      row.acknowledged,
      row.acknowledge_median,
      row.acknowledge_p90,
      row.handled,
      row.handle_median,
      row.handle_p90,
    ]);
  },
};

export const REPORT_DEFINITIONS: Record<ReportKind, ReportDefinition> = {
  'user-overview': { kind: 'user-overview', sheets: [userOverview] },
  'security-logs': { kind: 'security-logs', sheets: [securityLogs] },
  devices: { kind: 'devices', sheets: [devices] },
  'device-alarms': { kind: 'device-alarms', sheets: [deviceAlarms, alarmSummary] },
  'device-alarm-summary': { kind: 'device-alarm-summary', sheets: [alarmSummary] },
};
