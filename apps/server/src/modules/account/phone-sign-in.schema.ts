import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { users } from '../users/users.schema';

/**
 * The one-time codes of phone sign-in, sent by SMS (phone-sign-in.service.ts). Stored like the
 * password-reset tokens in `user_tokens`: a host table that sign-in reads as the owner before any
 * tenant is known, with the user's tenant in `tenant_id` so row-level security still keeps tenants
 * apart for everything else. Only a salted scrypt hash of the code is kept.
 *
 * Every request gets a row, also for a number no account has (`user_id` null, a hash of a code that
 * was never sent): the rows are the ledger the per-number and per-address limits count, so a known
 * and an unknown number meet the same limits and the same answers.
 */
export const phoneSignInCodes = pgTable(
  'phone_sign_in_codes',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** E.164, as `normalizePhoneNumber` writes it. */
    phoneNumber: text('phone_number').notNull(),
    /** `salt:hash`, both hex (scrypt). */
    codeHash: text('code_hash').notNull(),
    clientIpAddress: text('client_ip_address'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('phone_sign_in_codes_phone_created_idx').on(table.phoneNumber, table.createdAt),
    index('phone_sign_in_codes_ip_created_idx').on(table.clientIpAddress, table.createdAt),
    index('phone_sign_in_codes_user_id_idx').on(table.userId),
  ],
);
