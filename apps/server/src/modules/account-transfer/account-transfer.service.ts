import {
  ACCOUNT_TRANSFER_MESSAGE_KEYS,
  ACCOUNT_TRANSFER_TTL_DAYS,
  PLUG_AND_PLAY_ROLES,
  type AccountTransferState,
  type SecurityLogAction,
  type TransferPerson,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { ensureHouseholdRoles } from '../roles';
import { releaseCardsOnTransfer } from '../billing';
import { endOtherSignIns, inUserScope, type ProfileContext } from '../profile';
import { hashLinkToken, newLinkToken } from '../../platform/auth/link-tokens';
import { writeSecurityLog } from '../security-logs';
import * as repository from './account-transfer.repository';
import { accountTransferEmail, accountTransferLink } from './transfer-email';

const TTL_MS = ACCOUNT_TRANSFER_TTL_DAYS * 24 * 60 * 60 * 1000;
const [ADMIN_ROLE, USER_ROLE] = PLUG_AND_PLAY_ROLES;

type Person = { id: string; name: string | null; userName: string; email: string };
const personOf = (row: Person): TransferPerson => ({
  id: row.id,
  name: row.name?.trim() || row.userName,
  email: row.email,
});

/** Runs `work` in the caller's own household scope (whatever tenant filter a host user set). */
const asUser = <T>(ctx: ProfileContext, work: (db: Database) => Promise<T>) =>
  inUserScope(ctx.db, ctx.tenantId, work);

async function householdOf(ctx: ProfileContext, db: Database) {
  return ctx.tenantId ? repository.findHousehold(db, ctx.tenantId) : undefined;
}

async function requireOwnedHousehold(ctx: ProfileContext, db: Database) {
  const household = await householdOf(ctx, db);
  if (!household || household.ownerUserId !== ctx.userId)
    throw new DomainError('conflict', ACCOUNT_TRANSFER_MESSAGE_KEYS.notOwner);
  return household;
}

function logEntry(ctx: ProfileContext, action: SecurityLogAction, user: { id: string; userName: string }) {
  return {
    tenantId: ctx.tenantId,
    action,
    userId: user.id,
    userName: user.userName,
    clientId: ctx.clientId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

/**
 * The caller's side of a transfer: for the owner, the members they may choose and the pending
 * transfer; for its receiver, the transfer meant for them; for anyone else, nothing.
 */
export function getTransferState(ctx: ProfileContext): Promise<AccountTransferState> {
  return asUser(ctx, async (db) => {
    const household = await householdOf(ctx, db);
    if (!household) return { isOwner: false, candidates: [], pending: null };
    const isOwner = household.ownerUserId === ctx.userId;
    const candidates = isOwner ? await repository.findActivatedMembers(db, household.id, ctx.userId) : [];
    const transfer = await repository.findPendingTransfer(db, household.id, ctx.now());
    const visible = transfer && (isOwner || transfer.toUserId === ctx.userId);
    let pending: AccountTransferState['pending'] = null;
    if (visible) {
      const people = await repository.findPeople(db, household.id, [transfer.fromUserId, transfer.toUserId]);
      const from = people.find((row) => row.id === transfer.fromUserId);
      const to = people.find((row) => row.id === transfer.toUserId);
      if (from && to) {
        pending = {
          from: personOf(from),
          to: personOf(to),
          createdAt: transfer.createdAt.toISOString(),
          expiresAt: transfer.expiresAt.toISOString(),
          forMe: transfer.toUserId === ctx.userId,
        };
      }
    }
    return { isOwner, candidates: candidates.map(personOf), pending };
  });
}

/**
 * Step 1: the owner offers the household to an activated member. The member gets an e-mail (outbox)
 * with the acceptance link: both ids and a token (only its hash is kept). A new offer replaces an
 * earlier one, whose link then fails. Anyone but an activated member of the household, the owner
 * included, is a field error on `id`, and says nothing about who else exists.
 */
export async function requestTransfer(ctx: ProfileContext, toUserId: string): Promise<void> {
  await asUser(ctx, async (db) => {
    const household = await requireOwnedHousehold(ctx, db);
    const members = await repository.findActivatedMembers(db, household.id, ctx.userId);
    const receiver = members.find((row) => row.id === toUserId);
    if (!receiver) throw fieldError('id', ACCOUNT_TRANSFER_MESSAGE_KEYS.notAMember);
    const [owner] = await repository.findPeople(db, household.id, [ctx.userId]);
    const now = ctx.now();
    const token = newLinkToken();
    await repository.saveTransfer(db, {
      tenantId: household.id,
      fromUserId: ctx.userId,
      toUserId: receiver.id,
      tokenHash: hashLinkToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TTL_MS),
    });
    const message = await accountTransferEmail(ctx.language, {
      name: personOf(receiver).name,
      owner: owner ? personOf(owner).name : ctx.userName,
      link: accountTransferLink(ctx.publicUrl, ctx.userId, receiver.id, token),
    });
    await enqueueEmail(db, { tenantId: household.id, to: receiver.email, ...message });
    await writeSecurityLog(
      db,
      logEntry(ctx, 'AccountTransferRequested', { id: ctx.userId, userName: ctx.userName }),
    );
  });
}

/** The owner withdraws the pending transfer, or its receiver declines it; 404 without one. */
export async function cancelTransfer(ctx: ProfileContext): Promise<void> {
  await asUser(ctx, async (db) => {
    const household = await householdOf(ctx, db);
    const transfer = household
      ? await repository.findPendingTransfer(db, household.id, ctx.now())
      : undefined;
    if (!household || !transfer || (household.ownerUserId !== ctx.userId && transfer.toUserId !== ctx.userId))
      throw new DomainError('not_found');
    await repository.deleteTransfer(db, household.id);
  });
}

/**
 * Step 2: the receiver, signed in as `toUserId`, accepts with the link. In one transaction the
 * household's ownership moves, the receiver becomes its Plug and Play Admin and the old owner a
 * Plug and Play User, and every sign-in of the old owner ends (sessions, grants, refresh and access
 * tokens, the latter with the revocation notice to every API node): their next request is refused
 * until they sign in again. The watches, citizens and everything else are the household's and stay.
 */
export async function acceptTransfer(
  ctx: ProfileContext,
  link: { fromUserId: string; toUserId: string; token: string },
): Promise<void> {
  // Only the person the link was sent to accepts it (the web page says so before it asks).
  if (link.toUserId !== ctx.userId) throw fieldError('token', ACCOUNT_TRANSFER_MESSAGE_KEYS.linkInvalid);
  await asUser(ctx, async (db) => {
    const household = await householdOf(ctx, db);
    const now = ctx.now();
    const transfer = household
      ? await repository.consumeTransfer(db, {
          householdId: household.id,
          fromUserId: link.fromUserId,
          toUserId: link.toUserId,
          tokenHash: hashLinkToken(link.token),
          now,
        })
      : undefined;
    if (!household || !transfer) throw fieldError('token', ACCOUNT_TRANSFER_MESSAGE_KEYS.linkInvalid);
    const [from] = await repository.findPeople(db, household.id, [transfer.fromUserId]);
    const stillMember = (await repository.findActivatedMembers(db, household.id, transfer.fromUserId)).some(
      (row) => row.id === ctx.userId,
    );
    if (
      !from ||
      !stillMember ||
      !(await repository.moveOwnership(db, household.id, transfer.fromUserId, ctx.userId, now))
    ) {
      throw fieldError('token', ACCOUNT_TRANSFER_MESSAGE_KEYS.linkInvalid);
    }
    const roles = await ensureHouseholdRoles(db, household.id);
    await repository.swapRole(db, household.id, ctx.userId, roles[ADMIN_ROLE], roles[USER_ROLE]);
    await repository.swapRole(db, household.id, from.id, roles[USER_ROLE], roles[ADMIN_ROLE]);
    // The subscriptions are the household's and stay; the old owner's cards leave its customer
    // (billing-rules.ts), so the new owner adds a default card before the next charge.
    await releaseCardsOnTransfer(db, household.id);
    await endOtherSignIns(db, from.id, undefined);
    await writeSecurityLog(db, logEntry(ctx, 'AccountTransferred', from));
    await writeSecurityLog(
      db,
      logEntry(ctx, 'AccountTransferReceived', { id: ctx.userId, userName: ctx.userName }),
    );
  });
  ctx.authorizationChanged(link.fromUserId);
  ctx.authorizationChanged(ctx.userId);
}
