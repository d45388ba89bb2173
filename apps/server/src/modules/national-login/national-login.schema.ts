import { DEFAULT_NATIONAL_IDENTITY_CLAIM } from '@homeward/contracts';
import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * A tenant's national-ID broker (migration 0066): an OpenID Connect provider its users sign in
 * through. The client secret is stored encrypted (AES-256-GCM, a key derived from
 * CPR_ENCRYPTION_KEY) and never leaves the server.
 */
export const nationalLoginBrokers = pgTable('national_login_brokers', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  identityClaim: text('identity_claim').notNull().default(DEFAULT_NATIONAL_IDENTITY_CLAIM),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The national identity a user is bound to: found by an HMAC of the value (unique within the
 * tenant), read back only from its ciphertext, like CPR numbers. `linked_at` is set by the user's
 * first sign-in through the broker.
 */
export const nationalIdentities = pgTable(
  'national_identities',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identityHash: text('identity_hash').notNull(),
    identityEncrypted: text('identity_encrypted').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('national_identities_user_unique').on(table.userId),
    unique('national_identities_tenant_hash_unique').on(table.tenantId, table.identityHash),
  ],
);

export type NationalLoginBrokerRow = typeof nationalLoginBrokers.$inferSelect;
export type NationalIdentityRow = typeof nationalIdentities.$inferSelect;
