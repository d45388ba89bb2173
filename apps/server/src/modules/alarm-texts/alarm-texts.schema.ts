import { ALARM_KINDS } from '@homeward/contracts';
import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's own alarm texts (spec §7 "alarm texts"): the subject and body of an alarm message per
 * alarm kind and language (a culture name such as `da`), with `{variable}` placeholders. A missing
 * row means the shipped default; one row per tenant, kind and language (the host's too: nulls not
 * distinct).
 */
export const alarmTexts = pgTable(
  'alarm_texts',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALARM_KINDS }).notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedByUserId: uuid('updated_by_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('alarm_texts_tenant_kind_language_unique')
      .on(table.tenantId, table.kind, table.language)
      .nullsNotDistinct(),
  ],
);

export type AlarmTextRow = typeof alarmTexts.$inferSelect;
