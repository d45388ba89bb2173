import { ACTIVE_ALARM_STATES, ALARM_HISTORY_ACTIONS, ALARM_KINDS, ALARM_STATES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/** `'a', 'b'` of a list of the contracts' constants, for a check or index predicate. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Alarms of a device (and the citizen wearing it when raised). An alarm is an incident: at most one
 * of a kind per device is active (open or acknowledged). The partial unique index lets a repeat
 * update that alarm (`on conflict`) instead of making a second one, even when two reports race;
 * once the incident is handled or cleared, the next occurrence is a new alarm.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    citizenId: uuid('citizen_id').references(() => citizens.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ALARM_KINDS }).notNull(),
    state: text('state', { enum: ALARM_STATES }).notNull().default('open'),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** When its condition cleared (back inside, charged, worn, reported) and the system closed it. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    note: text('note'),
    /** Escalation: the position of the receiver notified last (null: none yet), and when. */
    notifiedPosition: integer('notified_position'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alarms_device_kind_active_unique')
      .on(table.deviceId, table.kind)
      .where(sql`${table.state} in (${sqlList(ACTIVE_ALARM_STATES)})`),
    // The list: newest first within the tenant, optionally one state.
    index('alarms_tenant_last_at_idx').on(table.tenantId, table.lastAt),
    index('alarms_citizen_idx').on(table.citizenId),
    // The escalation job's queue: open alarms, least recently notified first.
    index('alarms_open_notified_idx')
      .on(table.notifiedAt)
      .where(sql`${table.state} = 'open'`),
    check('alarms_count_positive_check', sql`${table.count} >= 1`),
    check('alarms_kind_check', sql`${table.kind} in (${sqlList(ALARM_KINDS)})`),
    check('alarms_state_check', sql`${table.state} in (${sqlList(ALARM_STATES)})`),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;

/**
 * What happened to an alarm, in order: raised, repeated or re-alerted, who was notified, who acted,
 * and when its condition cleared.
 */
export const alarmHistory = pgTable(
  'alarm_history',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    alarmId: uuid('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action', { enum: ALARM_HISTORY_ACTIONS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('alarm_history_alarm_at_idx').on(table.alarmId, table.at)],
);

export type AlarmHistoryRow = typeof alarmHistory.$inferSelect;
