import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  fieldErrorsOf,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  zPassword,
  type PasswordPolicy,
  type TenantKind,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import {
  clientLinkBase,
  knownClientLinkBase,
  type LinkBaseConfig,
} from '../../platform/http/email-link-base';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { writeSecurityLog } from '../security-logs';
import { getIdentitySettings } from '../settings';
import type { AccountLanguage, AccountTexts } from './account-texts';
import {
  consumeOtherResetTokens,
  consumeResetToken,
  findActiveUserByEmail,
  findUsableResetToken,
  findUserName,
  insertPasswordResetToken,
  setUserPassword,
} from './password-reset.repository';

/** Where the request came from: recorded in the security log, and chooses the link's client. */
export interface PasswordResetContext {
  ip: string | null;
  userAgent: string | null;
  /**
   * The origin of the client the person is signing in to (the sign-in interaction's redirect URI),
   * when the page was reached from it. Only a configured sign-in client origin is ever used.
   */
  clientOrigin?: string;
}

/** The field error of a reset link that is unknown, used or expired (a translation key). */
export const INVALID_RESET_TOKEN = 'account:resetPassword.linkInvalid';

export interface PasswordResetService {
  /**
   * Sends a reset link when an active user has this e-mail. Resolves the same way whether or not one
   * does, so the form cannot be used to find out who has an account.
   */
  requestPasswordReset(
    email: string,
    language: AccountLanguage,
    context?: PasswordResetContext,
  ): Promise<void>;
  /**
   * The password policy for the token's user while the token may still be used (the reset page
   * shows its form only then), or undefined.
   */
  resetTokenPolicy(token: string): Promise<PasswordPolicy | undefined>;
  /**
   * Sets a new password with a reset token. Throws `validation_failed` with a field error on
   * `password` (the tenant's policy) or on `token` (unknown, used or expired).
   */
  resetPassword(token: string, newPassword: string, context?: PasswordResetContext): Promise<void>;
  /**
   * The "back to sign in" address of the forgot-password pages: the client the person came from
   * when it is a configured one, else this server's start page. It must not depend on the address
   * typed in, or the page would tell who has an account.
   */
  signInAddress(clientOrigin: string | undefined): string;
}

/**
 * The base of the reset link, so it and the pages after it lead back to the client the person came
 * from: the sign-in interaction's client when it is a configured one; else, for a household's
 * person, the plug-and-play client, and for anyone else the branded one (`clientLinkBase`: by
 * default PUBLIC_URL). Every client origin is served by this server, so the reset page opens there.
 */
export function resetLinkBase(
  person: { clientOrigin?: string; tenantKind: TenantKind | null },
  links: LinkBaseConfig,
): string {
  return (
    knownClientLinkBase(person.clientOrigin, links) ??
    clientLinkBase(person.tenantKind === 'household' ? 'plug-and-play' : 'branded', links)
  );
}

const TOKEN_BYTES = 32;
const noContext: PasswordResetContext = { ip: null, userAgent: null };

/** Only this hash is stored, so someone reading the database cannot use a pending link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createPasswordResetService(deps: {
  db: Database;
  /** PUBLIC_URL and the sign-in clients: where the reset link may point. */
  links: LinkBaseConfig;
  texts: AccountTexts;
  now?: () => Date;
}): PasswordResetService {
  const { db, texts, links } = deps;
  const now = deps.now ?? (() => new Date());

  function resetEmail(language: AccountLanguage, userName: string, token: string, baseUrl: string) {
    const t = texts.translator(language);
    const link = `${baseUrl}${ACCOUNT_PATHS.resetPassword}?token=${token}`;
    const body = [
      t('email.resetGreeting', { userName }),
      '',
      t('email.resetIntro'),
      '',
      link,
      '',
      t('email.resetExpiry', { count: PASSWORD_RESET_TOKEN_TTL_MINUTES }),
      t('email.resetIgnore'),
      '',
      t('email.signature'),
    ].join('\n');
    return { subject: t('email.resetSubject'), body };
  }

  const invalidToken = () =>
    new DomainError('validation_failed', undefined, undefined, [
      { field: 'token', message: INVALID_RESET_TOKEN },
    ]);

  return {
    async requestPasswordReset(email, language, context = noContext) {
      const user = await findActiveUserByEmail(db, normalizeIdentifier(email));
      if (!user) return;
      const at = now();
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const base = resetLinkBase({ clientOrigin: context.clientOrigin, tenantKind: user.tenantKind }, links);
      const { subject, body } = resetEmail(language, user.userName, token, base);
      await db.transaction(async (tx) => {
        await insertPasswordResetToken(tx, {
          tenantId: user.tenantId,
          userId: user.id,
          tokenHash: hashResetToken(token),
          expiresAt: new Date(at.getTime() + PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000),
          createdAt: at,
        });
        await enqueueEmail(tx, { tenantId: user.tenantId, to: user.email, subject, body });
        await writeSecurityLog(tx, {
          tenantId: user.tenantId,
          action: 'PasswordResetRequested',
          userId: user.id,
          userName: user.userName,
          ip: context.ip,
          userAgent: context.userAgent,
        });
      });
    },

    signInAddress(clientOrigin) {
      const base = knownClientLinkBase(clientOrigin, links);
      return base ? `${base}/` : '/';
    },

    async resetTokenPolicy(token) {
      if (!token) return undefined;
      const owner = await findUsableResetToken(db, hashResetToken(token), now());
      return owner ? (await getIdentitySettings(db, owner.tenantId)).passwordPolicy : undefined;
    },

    async resetPassword(token, newPassword, context = noContext) {
      const tokenHash = hashResetToken(token);
      const owner = await findUsableResetToken(db, tokenHash, now());
      if (!owner) throw invalidToken();

      // The policy of the user's tenant; checked before the token is used up, so a weak password
      // can be corrected with the same link.
      const { passwordPolicy } = await getIdentitySettings(db, owner.tenantId);
      const checked = zPassword(passwordPolicy).safeParse(newPassword);
      if (!checked.success) {
        const errors = fieldErrorsOf(checked.error).map((error) => ({ ...error, field: 'password' }));
        throw new DomainError('validation_failed', undefined, undefined, errors);
      }

      const passwordHash = await hashPassword(newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        const consumed = await consumeResetToken(tx, tokenHash, at);
        if (!consumed) throw invalidToken();
        await setUserPassword(tx, consumed.userId, {
          passwordHash,
          securityStamp: newSecurityStamp(),
          now: at,
        });
        await consumeOtherResetTokens(tx, consumed.userId, at);
        await writeSecurityLog(tx, {
          tenantId: consumed.tenantId,
          action: 'PasswordReset',
          userId: consumed.userId,
          userName: (await findUserName(tx, consumed.userId)) ?? null,
          ip: context.ip,
          userAgent: context.userAgent,
        });
      });
    },
  };
}
