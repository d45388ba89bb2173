import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../db/uuid-v7';

/**
 * One recorded API request (spec "audit logs"). The id is the request's own id, the same value the
 * request transaction puts in `app.request_id`, so the entity changes its writes cause link to it.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey(),
    /** Null means the host. */
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    userName: text('user_name'),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    executionTime: timestamp('execution_time', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpMethod: text('http_method').notNull(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    clientIp: text('client_ip'),
    browserInfo: text('browser_info'),
    correlationId: text('correlation_id'),
    /** `Name: message` of the failure; never a stack, which could carry secrets. */
    exceptions: text('exceptions'),
    comments: text('comments'),
  },
  (table) => [
    index('audit_logs_tenant_time_idx').on(table.tenantId, table.executionTime),
    index('audit_logs_user_time_idx').on(table.userId, table.executionTime),
  ],
);

/** One property as it was before and after a change; redacted values read `***`. */
export interface PropertyChange {
  propertyName: string;
  originalValue: unknown;
  newValue: unknown;
}

/**
 * A row created, updated or deleted, written by the `homeward_record_entity_change()` trigger in the
 * same transaction as the write, whatever code path made it.
 */
export const entityChanges = pgTable(
  'entity_changes',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    /** The request whose transaction made the change; null for background jobs and migrations. */
    auditLogId: uuid('audit_log_id'),
    changeTime: timestamp('change_time', { withTimezone: true }).notNull().defaultNow(),
    /** `created`, `updated` or `deleted`. */
    changeType: text('change_type').notNull(),
    /** The table name. */
    entityType: text('entity_type').notNull(),
    /** The row's primary key; composite keys are joined with `:`. */
    entityId: text('entity_id').notNull(),
    propertyChanges: jsonb('property_changes').$type<PropertyChange[]>().notNull(),
  },
  (table) => [
    index('entity_changes_tenant_time_idx').on(table.tenantId, table.changeTime),
    index('entity_changes_entity_idx').on(table.entityType, table.entityId),
    index('entity_changes_audit_log_idx').on(table.auditLogId),
  ],
);

/**
 * The one redaction list: any column of this name has its values written as `***` in entity
 * changes, on every audited table. Name/value tables (settings) keep secrets in rows: a row whose
 * `name` is listed (`Smtp.Password`) has its `value` masked. Insert a row (in a migration) to extend
 * it; the seed is in drizzle/0006_entity_change_triggers.sql.
 */
export const auditRedactedColumns = pgTable('audit_redacted_columns', {
  columnName: text('column_name').primaryKey(),
});

export type AuditLogRow = typeof auditLogs.$inferSelect;
export type NewAuditLogRow = typeof auditLogs.$inferInsert;
export type EntityChangeRow = typeof entityChanges.$inferSelect;
