import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';

/**
 * Languages the product offers, managed by the host for every tenant (no `tenant_id`). A disabled
 * language is still served, so its texts can be prepared before it is switched on.
 */
export const languages = pgTable(
  'languages',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    cultureName: text('culture_name').notNull(),
    uiCultureName: text('ui_culture_name').notNull(),
    displayName: text('display_name').notNull(),
    flagIcon: text('flag_icon'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('languages_culture_name_unique').on(sql`lower(${table.cultureName})`),
    // The database, not only the service, keeps the default unique.
    uniqueIndex('languages_single_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/** Texts changed in language management; they win over the shipped resource files. Host-owned. */
export const languageTexts = pgTable(
  'language_texts',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    cultureName: text('culture_name').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('language_texts_culture_namespace_key_unique').on(
      table.cultureName,
      table.namespace,
      table.key,
    ),
  ],
);

export type LanguageRow = typeof languages.$inferSelect;
export type LanguageTextRow = typeof languageTexts.$inferSelect;
