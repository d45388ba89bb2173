import {
  avatarUrlOf,
  EMAIL_CHANGE_TOKEN_TTL_HOURS,
  PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES,
  PASSWORD_CHANGE_MAX_FAILURES,
  fieldErrorsOf,
  PROFILE_MESSAGE_KEYS,
  zPassword,
  type ChangePasswordRequest,
  type ConfirmEmailChangeResponse,
  type Language,
  type MyProfile,
  type SecurityLogAction,
  type zUpdateProfileRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { hashLinkToken, newLinkToken } from '../../platform/auth/link-tokens';
import { writeSecurityLog, type SecurityLogEntry } from '../security-logs';
import { getIdentitySettings } from '../settings';
import { findIdentifierClashes } from '../users';
import { emailChangeEmail, emailChangeLink } from './email-change-email';
import { inUserScope } from './profile-scope';
import * as repository from './profile.repository';

/**
 * What the self-service account needs of a request: the signed-in user with their *own* tenant (a
 * host user's tenant filter does not move their account), and what an e-mail and the security log
 * say.
 */
export interface ProfileContext {
  db: Database;
  /**
   * Logs a refused attempt once the request's transaction has ended: the transaction rolls back
   * with the refusal, and would take a log row written in it along.
   */
  logRefusal(entry: SecurityLogEntry): void;
  userId: string;
  userName: string;
  /** The user's own tenant; null for a host user. */
  tenantId: string | null;
  language: Language;
  /** The address of the web app the person uses (`emailLinkBase`), for the links in e-mails. */
  publicUrl: string;
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
  now: () => Date;
  /** Called after the user's name, e-mail or credentials changed, so cached authorizations drop. */
  authorizationChanged(userId: string): void;
}

const fieldError = (field: string, message: string, params?: Record<string, string | number>) =>
  new DomainError('validation_failed', undefined, undefined, [
    { field, message, ...(params ? { params } : {}) },
  ]);

const securityLogEntry = (ctx: ProfileContext, action: SecurityLogAction): SecurityLogEntry => ({
  tenantId: ctx.tenantId,
  action,
  userId: ctx.userId,
  userName: ctx.userName,
  clientId: ctx.clientId,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

function profileOf(row: NonNullable<Awaited<ReturnType<typeof repository.findProfile>>>): MyProfile {
  return {
    id: row.id,
    userName: row.userName,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    pendingEmail: row.pendingEmail ?? null,
    avatarUrl: row.avatarVersion ? avatarUrlOf(row.id, row.avatarVersion) : null,
  };
}

async function requireProfile(ctx: ProfileContext, db: Database) {
  const row = await repository.findProfile(db, ctx.userId, ctx.tenantId);
  // The access token outlived its user (deleted meanwhile).
  if (!row) throw new DomainError('not_found');
  return row;
}

/** Runs `work` in the user's own scope. */
const asUser = <T>(ctx: ProfileContext, work: (db: Database) => Promise<T>) =>
  inUserScope(ctx.db, ctx.tenantId, work);

export function getMyProfile(ctx: ProfileContext): Promise<MyProfile> {
  return asUser(ctx, async (db) => profileOf(await requireProfile(ctx, db)));
}

/**
 * Saves name and phone at once. A new e-mail address is not taken over: a link goes to it, and the
 * old address stays in force until that link is opened (`confirmEmailChange`). Entering the current
 * address again drops a pending change; entering the pending one again sends nothing new.
 */
export async function updateProfile(
  ctx: ProfileContext,
  input: z.output<typeof zUpdateProfileRequest>,
): Promise<MyProfile> {
  const profile = await asUser(ctx, async (db) => {
    const row = await requireProfile(ctx, db);
    const now = ctx.now();
    await repository.updateProfileFields(db, ctx.userId, ctx.tenantId, {
      name: input.name || null,
      phoneNumber: input.phoneNumber || null,
      now,
    });
    const wanted = normalizeIdentifier(input.email);
    if (wanted === normalizeIdentifier(row.email)) {
      await repository.deletePendingEmailChange(db, ctx.userId);
    } else if (!row.pendingEmail || wanted !== normalizeIdentifier(row.pendingEmail)) {
      await requestEmailChange(ctx, db, input.email, input.name || row.userName, now);
    }
    return profileOf(await requireProfile(ctx, db));
  });
  ctx.authorizationChanged(ctx.userId);
  return profile;
}

async function requestEmailChange(ctx: ProfileContext, db: Database, email: string, name: string, now: Date) {
  const normalizedNewEmail = normalizeIdentifier(email);
  const clashes = await findIdentifierClashes(db, { userName: '', email: normalizedNewEmail }, ctx.userId);
  if (clashes.email) throw fieldError('email', PROFILE_MESSAGE_KEYS.emailTaken);
  const token = newLinkToken();
  await repository.savePendingEmailChange(db, {
    userId: ctx.userId,
    tenantId: ctx.tenantId,
    newEmail: email,
    normalizedNewEmail,
    tokenHash: hashLinkToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_HOURS * 3_600_000),
  });
  const message = await emailChangeEmail(ctx.language, {
    name,
    email,
    link: emailChangeLink(ctx.publicUrl, token),
  });
  await enqueueEmail(db, { tenantId: ctx.tenantId, to: email, ...message });
}

/**
 * Takes the new address over with the token from the link sent to it. The link is the caller's
 * own (a signed-in user opens it; another user's token is as unknown as a wrong one), works once
 * and for EMAIL_CHANGE_TOKEN_TTL_HOURS. The address is checked again: someone may have taken it
 * since the link was sent.
 */
export async function confirmEmailChange(
  ctx: ProfileContext,
  token: string,
): Promise<ConfirmEmailChangeResponse> {
  const result = await asUser(ctx, async (db) => {
    const now = ctx.now();
    const change = await repository.consumeEmailChange(db, ctx.userId, hashLinkToken(token), now);
    if (!change) throw fieldError('token', PROFILE_MESSAGE_KEYS.emailChangeLinkInvalid);
    const clashes = await findIdentifierClashes(
      db,
      { userName: '', email: change.normalizedNewEmail },
      ctx.userId,
    );
    if (clashes.email) throw fieldError('email', PROFILE_MESSAGE_KEYS.emailTaken);
    await repository.setEmail(db, ctx.userId, {
      email: change.newEmail,
      normalizedEmail: change.normalizedNewEmail,
      securityStamp: newSecurityStamp(),
      now,
    });
    await writeSecurityLog(db, securityLogEntry(ctx, 'EmailConfirmed'));
    return { email: change.newEmail };
  }).catch((error: unknown) => {
    // Two users confirming the same new address at once: the unique index stops the second.
    const cause = (error as { cause?: { code?: string } }).cause ?? error;
    if ((cause as { code?: string }).code === '23505')
      throw fieldError('email', PROFILE_MESSAGE_KEYS.emailTaken);
    throw error;
  });
  ctx.authorizationChanged(ctx.userId);
  return result;
}

/**
 * Sets a new password after checking the current one and the tenant's password policy. Every other
 * sign-in of the user ends (sessions, refresh and access tokens of other grants); the grant of
 * `currentAccessToken`, the browser the change was made in, stays. PASSWORD_CHANGE_MAX_FAILURES
 * wrong current passwords within the window refuse further tries (429) until they age out.
 */
export async function changePassword(
  ctx: ProfileContext,
  input: ChangePasswordRequest,
  currentAccessToken: string | undefined,
): Promise<void> {
  await asUser(ctx, async (db) => {
    const row = await requireProfile(ctx, db);
    const windowStart = new Date(ctx.now().getTime() - PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES * 60_000);
    if (
      (await repository.countPasswordChangeFailures(db, ctx.userId, windowStart)) >=
      PASSWORD_CHANGE_MAX_FAILURES
    ) {
      throw new DomainError('rate_limited', PROFILE_MESSAGE_KEYS.tooManyWrongPasswords);
    }
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      ctx.logRefusal(securityLogEntry(ctx, 'PasswordChangeFailed'));
      throw fieldError('currentPassword', PROFILE_MESSAGE_KEYS.wrongCurrentPassword);
    }
    const { passwordPolicy } = await getIdentitySettings(db, ctx.tenantId);
    const checked = zPassword(passwordPolicy).safeParse(input.newPassword);
    if (!checked.success) {
      const errors = fieldErrorsOf(checked.error).map((error) => ({ ...error, field: 'newPassword' }));
      throw new DomainError('validation_failed', undefined, undefined, errors);
    }
    if (input.newPassword === input.currentPassword) {
      throw fieldError('newPassword', PROFILE_MESSAGE_KEYS.sameAsCurrentPassword);
    }
    await repository.setPassword(db, ctx.userId, {
      passwordHash: await hashPassword(input.newPassword),
      securityStamp: newSecurityStamp(),
      now: ctx.now(),
    });
    const keep = currentAccessToken
      ? await repository.findGrantOfAccessToken(db, currentAccessToken)
      : undefined;
    await repository.endOtherSignIns(db, ctx.userId, keep);
    await writeSecurityLog(db, securityLogEntry(ctx, 'PasswordChanged'));
  });
  ctx.authorizationChanged(ctx.userId);
}
