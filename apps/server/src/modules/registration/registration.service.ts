import {
  PLUG_AND_PLAY_ROLES,
  REGISTRATION_MESSAGE_KEYS,
  zRegistration,
  type CompleteRegistrationResponse,
  type InvitationInfo,
  type Language,
  type PendingRegistrationResponse,
  type ValidationError,
} from '@homeward/contracts';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { emailLinkBase, knownClientLinkBase, type LinkBaseConfig } from '../../platform/http/email-link-base';
import { RequestValidationError } from '../../platform/http/request-validation';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { actAsTenant } from '../../platform/tenancy/act-as-tenant';
import { writeSecurityLog } from '../security-logs';
import { setReceivesAlarms } from '../household-members';
import { createHousehold, joinHousehold } from '../tenants';
import { getIdentitySettings, isSelfRegistrationEnabled } from '../settings';
import { confirmationEmail, confirmationLink } from './confirmation-email';
import * as repository from './registration.repository';
import { inHostScope } from './registration-scope';
import { CONFIRMATION_TOKEN_TTL_MS, RESEND_INTERVAL_MS } from './registration-tokens';
import { hashLinkToken, newLinkToken } from '../../platform/auth/link-tokens';

/** What the registration rules need from the request and the process. */
export interface RegistrationContext {
  db: Database;
  now: () => Date;
  /** The language the e-mail is written in (from Accept-Language). */
  language: Language;
  /** The address of the web app the person uses (`emailLinkBase`), for the link in the e-mail. */
  publicUrl: string;
  /** PUBLIC_URL and the sign-in clients: the addresses a link may have. */
  links: LinkBaseConfig;
  ip?: string;
  userAgent?: string;
  /** Whether the request carries a valid access token (a signed-in user). */
  signedIn: boolean;
  /** Called after a user's roles changed, so cached authorizations are dropped. */
  authorizationChanged(userId: string): void;
}

/** Where a pending registration keeps the invitation it answers, until the e-mail is confirmed. */
const INVITATION_PROPERTY = 'registrationInvitationId';
/**
 * Where a pending registration keeps the base of its first confirmation link (the client the person
 * registered on), so a resent link opens the same client whatever asks for it; dropped on confirming.
 */
const LINK_BASE_PROPERTY = 'registrationLinkBase';

/**
 * The base of a resent confirmation link: the first link's, while it is still one the configuration
 * allows (PUBLIC_URL or a sign-in client's origin); else, for a registration made before bases were
 * kept, the resend request's own.
 */
function resendLinkBase(ctx: RegistrationContext, extraProperties: Record<string, unknown>): string {
  const recorded = extraProperties[LINK_BASE_PROPERTY];
  if (typeof recorded !== 'string') return ctx.publicUrl;
  const allowed =
    recorded === emailLinkBase(undefined, ctx.links) || knownClientLinkBase(recorded, ctx.links) === recorded;
  return allowed ? recorded : ctx.publicUrl;
}

/**
 * Creates an unconfirmed host user and sends the confirmation e-mail. The input is validated here,
 * not by the route, because the password rule depends on the identity settings.
 *
 * A signed-in user is refused (409) before anything else. Registration creates a new host account
 * for a new person; a signed-in caller is either confused about which account they are in (the
 * registered account would not belong to their tenant, and the web app would stay signed in as
 * them) or an administrator who wants user management or an invitation. Telling them to sign out
 * first is what a product does when its sign-up page is opened while signed in; creating the
 * account in the background would leave them unsure which account they are using.
 */
export async function registerPendingUser(
  ctx: RegistrationContext,
  input: unknown,
): Promise<PendingRegistrationResponse> {
  if (ctx.signedIn) throw new DomainError('conflict', REGISTRATION_MESSAGE_KEYS.alreadySignedIn);
  // An invitation still works when self-registration is off: the host asked that person in.
  const invited =
    typeof input === 'object' && input !== null && 'invitationToken' in input && !!input.invitationToken;
  if (!invited && !(await isSelfRegistrationEnabled(ctx.db)))
    throw new DomainError('forbidden', REGISTRATION_MESSAGE_KEYS.selfRegistrationDisabled);
  const { passwordPolicy } = await getIdentitySettings(ctx.db, null);
  const parsed = zRegistration(passwordPolicy).safeParse(input);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const registration = parsed.data;
  const now = ctx.now();
  const normalizedUserName = normalizeIdentifier(registration.userName);
  const normalizedEmail = normalizeIdentifier(registration.email);

  const errors: ValidationError[] = [];
  const taken = await repository.findTakenIdentifiers(ctx.db, normalizedUserName, normalizedEmail);
  if (taken.userNameTaken)
    errors.push({ field: 'userName', message: REGISTRATION_MESSAGE_KEYS.userNameTaken });
  if (taken.emailTaken) errors.push({ field: 'email', message: REGISTRATION_MESSAGE_KEYS.emailTaken });

  let invitationId: string | undefined;
  if (registration.invitationToken) {
    const invitation = await repository.findOpenInvitationByTokenHash(
      ctx.db,
      hashLinkToken(registration.invitationToken),
      now,
    );
    if (!invitation) {
      errors.push({ field: 'invitationToken', message: REGISTRATION_MESSAGE_KEYS.invalidInvitation });
    } else if (normalizeIdentifier(invitation.email) !== normalizedEmail) {
      errors.push({ field: 'email', message: REGISTRATION_MESSAGE_KEYS.emailNotInvited });
    } else {
      invitationId = invitation.id;
    }
  }
  if (errors.length > 0) throw new DomainError('validation_failed', undefined, undefined, errors);

  const passwordHash = await hashPassword(registration.password);
  const token = newLinkToken();
  const email = await confirmationEmail(ctx.language, {
    name: registration.fullName,
    link: confirmationLink(ctx.publicUrl, token),
  });

  try {
    const userId = await ctx.db.transaction(async (tx) => {
      const user = await repository.insertUser(tx, {
        tenantId: null,
        userName: registration.userName,
        normalizedUserName,
        email: registration.email,
        normalizedEmail,
        emailConfirmed: false,
        name: registration.fullName,
        phoneNumber: registration.phoneNumber || null,
        passwordHash,
        securityStamp: newSecurityStamp(),
        marketingConsent: registration.marketingConsent,
        extraProperties: {
          ...(invitationId ? { [INVITATION_PROPERTY]: invitationId } : {}),
          [LINK_BASE_PROPERTY]: ctx.publicUrl,
        },
        createdAt: now,
        updatedAt: now,
      });
      await repository.insertConfirmationToken(tx, {
        userId: user.id,
        tokenHash: hashLinkToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CONFIRMATION_TOKEN_TTL_MS),
      });
      await enqueueEmail(tx, { tenantId: null, to: registration.email, ...email });
      await writeSecurityLog(tx, {
        tenantId: null,
        action: 'UserRegistered',
        userId: user.id,
        userName: registration.userName,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      return user.id;
    });
    return { userId, email: registration.email };
  } catch (error) {
    throw takenErrorOf(error) ?? error;
  }
}

/**
 * Two registrations racing for one name pass the check above; the unique index stops the second,
 * and it gets the same field error as if it had come later.
 */
function takenErrorOf(error: unknown): DomainError | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  const text = `${constraint ?? ''} ${String((cause as Error).message ?? '')}`;
  const field = text.includes('normalized_email') ? 'email' : 'userName';
  const message =
    field === 'email' ? REGISTRATION_MESSAGE_KEYS.emailTaken : REGISTRATION_MESSAGE_KEYS.userNameTaken;
  return new DomainError('validation_failed', undefined, undefined, [{ field, message }]);
}

/**
 * Confirms the e-mail address from the link's token (single use, 24 h) and puts the new user in a
 * household (DESIGN §9), all in one transaction: an invited user joins the inviter's household as
 * a Plug and Play User; anyone else gets a household of their own, owns it and is its Plug and
 * Play Admin.
 */
export async function completeRegistration(
  ctx: RegistrationContext,
  confirmationToken: string,
): Promise<CompleteRegistrationResponse> {
  const now = ctx.now();
  const result = await inHostScope(ctx.db, async (tx) => {
    const consumed = await repository.consumeConfirmationToken(tx, hashLinkToken(confirmationToken), now);
    const user = consumed && (await repository.findHostUserById(tx, consumed.userId));
    if (!user || user.emailConfirmed) {
      throw new DomainError('bad_request', REGISTRATION_MESSAGE_KEYS.invalidConfirmationToken);
    }

    const {
      [INVITATION_PROPERTY]: invitationId,
      [LINK_BASE_PROPERTY]: _linkBase,
      ...extraProperties
    } = user.extraProperties;
    const invitedTo =
      typeof invitationId === 'string'
        ? await repository.findInvitationHousehold(tx, invitationId)
        : undefined;
    // An invitation someone else took meanwhile (or whose household is gone) leaves a registration
    // of one's own, as if there had been none.
    const accepted =
      invitedTo && typeof invitationId === 'string'
        ? await actAsTenant(tx, invitedTo, (asHousehold) =>
            repository.acceptInvitation(asHousehold, invitationId, user.id, now),
          )
        : undefined;

    await repository.confirmUserEmail(tx, user.id, {
      accountOwnerId: accepted?.inviterUserId,
      extraProperties,
      now,
    });
    let householdId: string;
    if (accepted && invitedTo) {
      householdId = invitedTo;
      await joinHousehold(tx, householdId, user.id, PLUG_AND_PLAY_ROLES[1]);
      // The inviter ticked "receives alarms": from now on the alarms reach them by e-mail and SMS too.
      if (accepted.receivesAlarms)
        await actAsTenant(tx, householdId, (asHousehold) =>
          setReceivesAlarms(asHousehold, invitedTo, user.id, true),
        );
    } else {
      householdId = await createHousehold(tx, user, now);
    }
    // Logged in the household, where its owner's security log shows it.
    await actAsTenant(tx, householdId, (asHousehold) =>
      writeSecurityLog(asHousehold, {
        tenantId: householdId,
        action: 'EmailConfirmed',
        userId: user.id,
        userName: user.userName,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      }),
    );
    return { userId: user.id, userName: user.userName };
  });
  ctx.authorizationChanged(result.userId);
  return result;
}

/**
 * Sends the confirmation e-mail again with a new token (the old links stop working). Says nothing
 * about whether the address is registered, and sends at most once a minute per address.
 */
export async function resendConfirmationEmail(ctx: RegistrationContext, emailAddress: string): Promise<void> {
  await inHostScope(ctx.db, (db) => resendInHostScope({ ...ctx, db }, emailAddress));
}

async function resendInHostScope(ctx: RegistrationContext, emailAddress: string): Promise<void> {
  const now = ctx.now();
  const user = await repository.findUnconfirmedHostUserByEmail(ctx.db, normalizeIdentifier(emailAddress));
  if (!user) return;
  const token = newLinkToken();
  const email = await confirmationEmail(ctx.language, {
    name: user.name ?? user.userName,
    link: confirmationLink(resendLinkBase(ctx, user.extraProperties), token),
  });
  await ctx.db.transaction(async (tx) => {
    // Read inside the transaction and lock nothing: two racing resends may both pass, which costs
    // one extra e-mail at worst; the token swap itself stays consistent.
    const latest = await repository.latestConfirmationTokenAt(tx, user.id);
    if (latest && now.getTime() - latest.getTime() < RESEND_INTERVAL_MS) return;
    await repository.deleteConfirmationTokens(tx, user.id);
    await repository.insertConfirmationToken(tx, {
      userId: user.id,
      tokenHash: hashLinkToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx, { tenantId: null, to: user.email, ...email });
  });
}

/** What an open invitation pre-fills; 404 for an unknown, expired or accepted one. */
export async function findInvitation(ctx: RegistrationContext, token: string): Promise<InvitationInfo> {
  const invitation = await inHostScope(ctx.db, (db) =>
    repository.findOpenInvitationByTokenHash(db, hashLinkToken(token), ctx.now()),
  );
  if (!invitation) throw new DomainError('not_found');
  return { email: invitation.email };
}
