import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * All oidc-provider state (sessions, interactions, grants, codes, tokens): one row per model and id,
 * with the provider's payload as jsonb. `grant_id` lets a revoked grant take every token with it.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_expires_at_idx').on(table.expiresAt),
    // A user's rows of every model (ending their other sessions after a password change).
    index('oidc_payloads_account_id_idx').using('btree', sql`(${table.payload}->>'accountId')`),
  ],
);

/** Signing keys (private JWKs), generated on first start and kept so tokens survive restarts. */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
