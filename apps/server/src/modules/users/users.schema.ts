import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * People who sign in. A user belongs to the host (`tenant_id` null) or to one tenant. User names and
 * e-mail addresses are unique across the whole system (the normalized, upper-cased columns), so
 * sign-in needs no tenant picker.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    normalizedUserName: text('normalized_user_name').notNull(),
    email: text('email').notNull(),
    normalizedEmail: text('normalized_email').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** Full name as the person gave it. */
    name: text('name'),
    phoneNumber: text('phone_number'),
    /** argon2id; null until a password is set (an invited user who has not completed registration). */
    passwordHash: text('password_hash'),
    /** Changes when credentials or grants change, so caches and sessions keyed on it go stale. */
    securityStamp: text('security_stamp').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lockoutEnabled: boolean('lockout_enabled').notNull().default(true),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true }),
    accessFailedCount: integer('access_failed_count').notNull().default(0),
    /** The per-user two-factor setting; the TOTP secret is set once the user enrols. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    totpSecret: text('totp_secret'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** The owner of the account group this user joined by invitation (plug-and-play groups). */
    accountOwnerId: uuid('account_owner_id'),
    /** A household member who receives the alarms of every citizen of the household, new ones too. */
    receivesHouseholdAlarms: boolean('receives_household_alarms').notNull().default(false),
    extraProperties: jsonb('extra_properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_normalized_user_name_unique').on(table.normalizedUserName),
    uniqueIndex('users_normalized_email_unique').on(table.normalizedEmail),
    // LIKE 'PREFIX%' on the address (the host finds a household by its owner's e-mail).
    index('users_normalized_email_pattern_idx').using(
      'btree',
      sql`${table.normalizedEmail} text_pattern_ops`,
    ),
    index('users_upper_name_pattern_idx').using('btree', sql`upper(${table.name}) text_pattern_ops`),
    index('users_tenant_id_idx').on(table.tenantId),
  ],
);

/**
 * One-time tokens sent to a user by e-mail: e-mail confirmation and password reset. Only a hash of
 * the token is stored, so a database reader cannot use them.
 */
export const USER_TOKEN_PURPOSES = ['email_confirmation', 'password_reset'] as const;
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_tokens_token_hash_unique').on(table.tokenHash),
    index('user_tokens_user_id_idx').on(table.userId),
  ],
);

/** Invitations to join an inviter's account group; the token pre-fills the registration e-mail. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    inviterUserId: uuid('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id'),
    /** The member becomes an alarm receiver of the household's citizens on accepting. */
    receivesAlarms: boolean('receives_alarms').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_unique').on(table.tokenHash),
    index('invitations_inviter_user_id_idx').on(table.inviterUserId),
  ],
);

/** Extra claims on a user (claim types are managed on their own screen). */
export const userClaims = pgTable(
  'user_claims',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimType: text('claim_type').notNull(),
    claimValue: text('claim_value').notNull(),
  },
  (table) => [index('user_claims_user_id_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
