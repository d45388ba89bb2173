import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';

/**
 * Every sign-in outcome and account-security event (spec §7 "security logs"). Kept, and indexed by
 * tenant and time for the security-log screen and the data reports, by user and by client address
 * and time for the sign-in throttling, which counts recent failures here.
 */
export const securityLogs = pgTable(
  'security_logs',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    /** Which identity system wrote it: `Identity` (passwords) or `OpenIddict`-like token events. */
    identity: text('identity').notNull(),
    /** `LoginSucceeded`, `LoginFailed`, `LoginLockedOut`, `LoginRequiresTwoFactor`, `Logout`, ... */
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name'),
    clientId: text('client_id'),
    clientIpAddress: text('client_ip_address'),
    browserInfo: text('browser_info'),
    correlationId: text('correlation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_logs_tenant_created_idx').on(table.tenantId, table.createdAt),
    index('security_logs_user_created_idx').on(table.userId, table.createdAt),
    // Sign-in counts the recent failures of a client address on every attempt (sign-in-lockout.ts).
    index('security_logs_ip_created_idx').on(table.clientIpAddress, table.createdAt),
  ],
);

export type SecurityLogRow = typeof securityLogs.$inferSelect;
export type NewSecurityLogRow = typeof securityLogs.$inferInsert;
