import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/** Settings that steer auditing (global provider `G`). */
export const AUDITING_SETTINGS = {
  /** `'true'` records GET requests too; otherwise only state-changing requests are recorded. */
  isEnabledForGetRequests: 'Homeward.Auditing.IsEnabledForGetRequests',
  /** Whole days an audit entry and its entity changes are kept (default 365). */
  retentionDays: 'Homeward.Auditing.RetentionDays',
} as const;

export const AUDIT_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const ENTITY_CHANGE_TYPES = ['created', 'updated', 'deleted'] as const;
export type EntityChangeType = (typeof ENTITY_CHANGE_TYPES)[number];

/** A query-string boolean: only `true` and `false` are accepted. */
const zQueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/audit-logs: newest first. Times are ISO with offset, `startTime` inclusive, `endTime`
 * exclusive; `userName` and `url` match when they contain the text; `minDuration` is in ms.
 */
export const zAuditLogListRequest = zPagedRequest.extend({
  startTime: zDateTimeInput.optional(),
  endTime: zDateTimeInput.optional(),
  userName: z.string().trim().max(256).optional(),
  httpMethod: z.enum(AUDIT_HTTP_METHODS).optional(),
  url: z.string().trim().max(512).optional(),
  statusCode: z.coerce.number().int().min(100).max(599).optional(),
  // The stored duration is a PostgreSQL integer; a longer one could never match.
  minDuration: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  hasException: zQueryBoolean.optional(),
});
export type AuditLogListRequest = z.input<typeof zAuditLogListRequest>;

export const AUDIT_LOG_SORT_FIELDS = [
  'executionTime',
  'durationMs',
  'statusCode',
  'userName',
  'httpMethod',
  'url',
] as const;

export const zAuditLog = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  impersonatorUserId: z.uuid().nullable(),
  impersonatorTenantId: z.uuid().nullable(),
  executionTime: z.string(),
  durationMs: z.number().int(),
  httpMethod: z.string(),
  url: z.string(),
  statusCode: z.number().int().nullable(),
  clientIp: z.string().nullable(),
  browserInfo: z.string().nullable(),
  correlationId: z.string().nullable(),
  exceptions: z.string().nullable(),
  comments: z.string().nullable(),
});
export type AuditLog = z.infer<typeof zAuditLog>;
export const zAuditLogListResponse = zPagedResult(zAuditLog);
export type AuditLogListResponse = z.infer<typeof zAuditLogListResponse>;

/** One property before and after; secrets read `***`. Values are as stored (JSON). */
export const zPropertyChange = z.object({
  propertyName: z.string(),
  originalValue: z.unknown(),
  newValue: z.unknown(),
});
export type PropertyChange = z.infer<typeof zPropertyChange>;

export const zEntityChange = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  auditLogId: z.uuid().nullable(),
  changeTime: z.string(),
  changeType: z.enum(ENTITY_CHANGE_TYPES),
  /** The table name, e.g. `users`. */
  entityType: z.string(),
  entityId: z.string(),
  propertyChanges: z.array(zPropertyChange),
});
export type EntityChange = z.infer<typeof zEntityChange>;

export const zAuditLogIdParams = z.object({ id: z.uuid() });

/** GET /api/audit-logs/:id: the entry with the entity changes its transaction made. */
export const zAuditLogDetail = zAuditLog.extend({ entityChanges: z.array(zEntityChange) });
export type AuditLogDetail = z.infer<typeof zAuditLogDetail>;

/** GET /api/audit-logs/entity-changes: the history of one entity, newest first. */
export const zEntityChangeListRequest = zPagedRequest.extend({
  entityType: z.string().trim().min(1).max(128),
  entityId: z.string().trim().min(1).max(256),
});
export type EntityChangeListRequest = z.input<typeof zEntityChangeListRequest>;
export const zEntityChangeListResponse = zPagedResult(zEntityChange);
export type EntityChangeListResponse = z.infer<typeof zEntityChangeListResponse>;
