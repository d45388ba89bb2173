import { REPORT_FORMATS, REPORT_KINDS, SUPPORTED_LANGUAGES } from '@homeward/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * A report sent by e-mail once a month (migration 0063_reports). The monthly job queues the e-mail
 * and sets `lastSentMonth` in one transaction, so a month is sent at most once per schedule.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    language: text('language', { enum: SUPPORTED_LANGUAGES }).notNull().default('en'),
    /** `YYYY-MM` of the last month an e-mail was queued for. */
    lastSentMonth: text('last_sent_month'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_schedules_tenant_created_idx').on(table.tenantId, table.createdAt)],
);

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
