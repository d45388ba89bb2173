import {
  HOUSEHOLD_MEMBER_MESSAGE_KEYS,
  INVITATION_RESEND_INTERVAL_SECONDS,
  INVITATION_TTL_DAYS,
  type HouseholdMembersResponse,
  type HouseholdPersonRef,
  type InvitedByUserResponse,
  type InviteUserRequest,
  type Language,
} from '@homeward/contracts';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { requireDefaultCard } from '../billing';
import { hashLinkToken, newLinkToken } from '../../platform/auth/link-tokens';
import { findIdentifierClashes } from '../users';
import { findAlarmReceiverUserIds, setReceivesAlarms } from './household-alarm-receivers';
import { invitationEmail, invitationLink } from './invitation-email';
import * as repository from './household-members.repository';

/** What the members' rules need from the request: the caller, their household, the clock. */
export interface HouseholdMembersContext {
  /** The request's transaction, in the caller's tenant scope. */
  db: Database;
  tenantId: string | null;
  userId: string;
  /** The language the invitation e-mail is written in (the inviter's). */
  language: Language;
  /** The address of the web app the person uses (`emailLinkBase`), for the link in the e-mail. */
  publicUrl: string;
  now: () => Date;
}

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The caller's household; anyone else (an organization's user, the host) is refused. */
async function requireHousehold(ctx: HouseholdMembersContext) {
  const household = ctx.tenantId ? await repository.findHousehold(ctx.db, ctx.tenantId) : undefined;
  if (!household) throw new DomainError('forbidden', HOUSEHOLD_MEMBER_MESSAGE_KEYS.notAHousehold);
  return household;
}

function personRef(row: { id: string; name: string | null; userName: string; email: string }) {
  return { id: row.id, name: row.name?.trim() || row.userName, email: row.email };
}

/** The household's people (owner first) and its open invitations, with who invited whom. */
export async function listHouseholdMembers(ctx: HouseholdMembersContext): Promise<HouseholdMembersResponse> {
  const household = await requireHousehold(ctx);
  const now = ctx.now();
  const members = await repository.findMembers(ctx.db, household.id);
  const invitations = await repository.findOpenInvitations(ctx.db, household.id);
  const receivers = await findAlarmReceiverUserIds(ctx.db, household.id);
  const people = new Map<string, HouseholdPersonRef>(members.map((row) => [row.id, personRef(row)]));
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  const ordered = [...members].sort(
    (a, b) => Number(b.id === household.ownerUserId) - Number(a.id === household.ownerUserId),
  );
  return {
    members: ordered.map((row) => ({
      ...personRef(row),
      role: row.id === household.ownerUserId ? ('owner' as const) : ('member' as const),
      invitedBy: row.id === household.ownerUserId ? null : person(row.accountOwnerId),
      isCurrentUser: row.id === ctx.userId,
      receivesAlarms: receivers.has(row.id),
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      sentAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      expired: row.expiresAt.getTime() <= now.getTime(),
      invitedBy: person(row.inviterUserId),
      receivesAlarms: row.receivesAlarms,
    })),
  };
}

/**
 * Invites a person into the caller's household by e-mail: an invitation whose token (only its hash
 * is stored) opens registration; the e-mail goes through the outbox in the same transaction.
 * Refused with a field error for the caller's own address, a member's, one with an open invitation
 * and one that already has an account (registration would refuse it).
 */
export async function inviteUser(
  ctx: HouseholdMembersContext,
  input: InviteUserRequest,
): Promise<{ id: string }> {
  const household = await requireHousehold(ctx);
  // Spec §4: an invitation requires a default card (409, details `default_card_required`), checked
  // before anything is written; billing keeps the default in our own row for this.
  await requireDefaultCard(ctx.db, household.id);
  const now = ctx.now();
  const email = input.email.trim();
  const normalizedEmail = normalizeIdentifier(email);
  const [inviter] = await repository.findPeople(ctx.db, household.id, [ctx.userId]);
  if (!inviter) throw new DomainError('forbidden', HOUSEHOLD_MEMBER_MESSAGE_KEYS.notAHousehold);
  if (normalizeIdentifier(inviter.email) === normalizedEmail)
    throw fieldError('email', HOUSEHOLD_MEMBER_MESSAGE_KEYS.ownEmail);
  if (await repository.isMemberEmail(ctx.db, household.id, normalizedEmail))
    throw fieldError('email', HOUSEHOLD_MEMBER_MESSAGE_KEYS.alreadyMember);
  if (await repository.hasOpenInvitationFor(ctx.db, household.id, normalizedEmail, now))
    throw fieldError('email', HOUSEHOLD_MEMBER_MESSAGE_KEYS.alreadyInvited);
  // The address is unique system-wide: an account elsewhere could not register with the link.
  const clashes = await findIdentifierClashes(ctx.db, { userName: '', email: normalizedEmail });
  if (clashes.email) throw fieldError('email', HOUSEHOLD_MEMBER_MESSAGE_KEYS.alreadyRegistered);

  const token = newLinkToken();
  const message = await invitationEmail(ctx.language, {
    inviter: personRef(inviter).name,
    link: invitationLink(ctx.publicUrl, token),
  });
  await repository.deleteExpiredInvitationsFor(ctx.db, household.id, normalizedEmail, now);
  const invitation = await repository.insertInvitation(ctx.db, {
    tenantId: household.id,
    inviterUserId: ctx.userId,
    email,
    tokenHash: hashLinkToken(token),
    receivesAlarms: input.receivesAlarms ?? false,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS),
  });
  await enqueueEmail(ctx.db, { tenantId: household.id, to: email, ...message });
  return invitation;
}

/**
 * Sends an open invitation again with a new token and a new expiry: the old link stops working.
 * At most once a minute per invitation (429), like registration's resend.
 */
export async function resendInvitation(ctx: HouseholdMembersContext, invitationId: string): Promise<void> {
  const household = await requireHousehold(ctx);
  const now = ctx.now();
  const invitation = await repository.findOpenInvitation(ctx.db, household.id, invitationId);
  if (!invitation) throw new DomainError('not_found');
  if (now.getTime() - invitation.createdAt.getTime() < INVITATION_RESEND_INTERVAL_SECONDS * 1000)
    throw new DomainError('rate_limited', HOUSEHOLD_MEMBER_MESSAGE_KEYS.resendTooSoon);
  const [inviter] = await repository.findPeople(ctx.db, household.id, [ctx.userId]);
  const token = newLinkToken();
  const message = await invitationEmail(ctx.language, {
    inviter: inviter ? personRef(inviter).name : '',
    link: invitationLink(ctx.publicUrl, token),
  });
  const renewed = await repository.renewInvitation(ctx.db, household.id, invitation.id, {
    tokenHash: hashLinkToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS),
  });
  if (!renewed) throw new DomainError('not_found');
  await enqueueEmail(ctx.db, { tenantId: household.id, to: invitation.email, ...message });
}

/**
 * Deletes an invited user (spec `delete-invited-user`): the open invitation, whose link then fails,
 * and a registration made with it that is not confirmed yet.
 */
export async function deleteInvitedUser(ctx: HouseholdMembersContext, invitationId: string): Promise<void> {
  const household = await requireHousehold(ctx);
  if (!(await repository.deleteOpenInvitation(ctx.db, household.id, invitationId)))
    throw new DomainError('not_found');
}

/** Who invited the caller into their household (spec `invited-by-user`); null for its owner. */
export async function findInvitedBy(ctx: HouseholdMembersContext): Promise<InvitedByUserResponse> {
  const household = ctx.tenantId ? await repository.findHousehold(ctx.db, ctx.tenantId) : undefined;
  if (!household) return { invitedBy: null };
  const inviter = await repository.findInviterOf(ctx.db, household.id, ctx.userId);
  return { invitedBy: inviter ? personRef(inviter) : null };
}

/**
 * Makes one of the household's people an alarm receiver of all its citizens, or of none (the
 * members' screen "Receives alarms"); 404 for anyone not of the household.
 */
export async function updateReceivesAlarms(
  ctx: HouseholdMembersContext,
  userId: string,
  receivesAlarms: boolean,
): Promise<void> {
  const household = await requireHousehold(ctx);
  const [person] = await repository.findPeople(ctx.db, household.id, [userId]);
  if (!person) throw new DomainError('not_found');
  await setReceivesAlarms(ctx.db, household.id, person.id, receivesAlarms);
}
