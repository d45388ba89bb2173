import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { oidcPayloads } from '../../platform/auth/oidc.schema';
import { deleteAndNotify } from '../../platform/auth/oidc/token-revocation-notices';
import { countUserActionsSince } from '../security-logs';
import { users } from '../users/users.schema';
import { userAvatars, userEmailChanges } from './profile.schema';

/*
 * The signed-in user's own rows. Every query names the user and the user's tenant, and runs in the
 * user's own tenant scope (profile-scope.ts), so row-level security agrees.
 */

const byUser = (userId: string, tenantId: string | null) =>
  and(
    eq(users.id, userId),
    tenantId === null ? sql`${users.tenantId} is null` : eq(users.tenantId, tenantId),
  );

/** The profile fields, the pending e-mail change and the avatar's version, in one query. */
export async function findProfile(db: Database, userId: string, tenantId: string | null) {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      passwordHash: users.passwordHash,
      pendingEmail: userEmailChanges.newEmail,
      avatarVersion: userAvatars.version,
    })
    .from(users)
    .leftJoin(userEmailChanges, eq(userEmailChanges.userId, users.id))
    .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
    .where(byUser(userId, tenantId));
  return row;
}

export async function updateProfileFields(
  db: Database,
  userId: string,
  tenantId: string | null,
  fields: { name: string | null; phoneNumber: string | null; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ name: fields.name, phoneNumber: fields.phoneNumber, updatedAt: fields.now })
    .where(byUser(userId, tenantId));
}

/** Replaces the user's pending e-mail change: only the newest link works. */
export async function savePendingEmailChange(
  db: Database,
  change: {
    userId: string;
    tenantId: string | null;
    newEmail: string;
    normalizedNewEmail: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  const { userId: _userId, tenantId: _tenantId, ...replaced } = change;
  await db
    .insert(userEmailChanges)
    .values(change)
    .onConflictDoUpdate({ target: userEmailChanges.userId, set: replaced });
}

export async function deletePendingEmailChange(db: Database, userId: string): Promise<void> {
  await db.delete(userEmailChanges).where(eq(userEmailChanges.userId, userId));
}

/**
 * Uses an unexpired change link up: deletes the pending change and returns it. The check and the
 * deletion are one statement, so a link opened twice at once confirms once.
 */
export async function consumeEmailChange(db: Database, userId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(userEmailChanges)
    .where(
      and(
        eq(userEmailChanges.userId, userId),
        eq(userEmailChanges.tokenHash, tokenHash),
        gt(userEmailChanges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function setEmail(
  db: Database,
  userId: string,
  values: { email: string; normalizedEmail: string; securityStamp: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      email: values.email,
      normalizedEmail: values.normalizedEmail,
      emailConfirmed: true,
      securityStamp: values.securityStamp,
      updatedAt: values.now,
    })
    .where(eq(users.id, userId));
}

export async function setPassword(
  db: Database,
  userId: string,
  values: { passwordHash: string; securityStamp: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: values.passwordHash, securityStamp: values.securityStamp, updatedAt: values.now })
    .where(eq(users.id, userId));
}

/** A user's picture within a tenant (null: the host's users); `undefined` tenant: any (All tenants). */
export async function findAvatar(db: Database, userId: string, tenantId: string | null | undefined) {
  const inTenant =
    tenantId === undefined
      ? sql`true`
      : tenantId === null
        ? sql`${userAvatars.tenantId} is null`
        : eq(userAvatars.tenantId, tenantId);
  const [row] = await db
    .select({
      content: userAvatars.content,
      contentType: userAvatars.contentType,
      version: userAvatars.version,
    })
    .from(userAvatars)
    .where(and(eq(userAvatars.userId, userId), inTenant));
  return row;
}

export async function saveAvatar(
  db: Database,
  avatar: {
    userId: string;
    tenantId: string | null;
    content: Buffer;
    contentType: string;
    version: string;
    updatedAt: Date;
  },
): Promise<void> {
  const { userId: _userId, tenantId: _tenantId, ...replaced } = avatar;
  await db
    .insert(userAvatars)
    .values(avatar)
    .onConflictDoUpdate({ target: userAvatars.userId, set: replaced });
}

export async function deleteAvatar(db: Database, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .returning({ id: userAvatars.userId });
  return deleted.length > 0;
}

/** The grant an access token belongs to (the caller's own token, by its value). */
export async function findGrantOfAccessToken(db: Database, accessToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'AccessToken'), eq(oidcPayloads.id, accessToken)));
  return row?.grantId ?? undefined;
}

const accountIdOf = sql`(${oidcPayloads.payload}->>'accountId')`;

/**
 * Ends every sign-in of the user except the grant `keepGrantId`: its sessions (a browser's session
 * that holds the kept grant stays), grants, authorization codes, refresh and access tokens. Access
 * tokens go with a notice to every node, so cached lookups of them end at once.
 */
export async function endOtherSignIns(
  db: Database,
  userId: string,
  keepGrantId: string | undefined,
): Promise<void> {
  const ofUser = sql`${accountIdOf} = ${userId}`;
  const otherGrant = keepGrantId
    ? or(sql`${oidcPayloads.grantId} is null`, ne(oidcPayloads.grantId, keepGrantId))!
    : sql`true`;
  await db.execute(deleteAndNotify(and(eq(oidcPayloads.model, 'AccessToken'), ofUser, otherGrant)!));
  await db
    .delete(oidcPayloads)
    .where(
      and(
        sql`${oidcPayloads.model} in ('RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest')`,
        ofUser,
        otherGrant,
      ),
    );
  await db
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Grant'),
        ofUser,
        keepGrantId ? ne(oidcPayloads.id, keepGrantId) : sql`true`,
      ),
    );
  // A session lists its grants by client (`authorizations.<client>.grantId`).
  const holdsKeptGrant = keepGrantId
    ? sql`exists (select 1 from jsonb_each(coalesce(${oidcPayloads.payload}->'authorizations', '{}'::jsonb)) as a(client, value) where a.value->>'grantId' = ${keepGrantId})`
    : sql`false`;
  await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Session'), ofUser, sql`not ${holdsKeptGrant}`));
}

/** How many wrong current passwords the user gave on the change-password form since `since`. */
export function countPasswordChangeFailures(db: Database, userId: string, since: Date): Promise<number> {
  return countUserActionsSince(db, userId, ['PasswordChangeFailed'], since);
}
