import {
  ACCOUNT_DELETION_MESSAGE_KEYS,
  DELETED_USER_NAME,
  PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES,
  PASSWORD_CHANGE_MAX_FAILURES,
  PROFILE_MESSAGE_KEYS,
  type DeleteAccountRequest,
} from '@homeward/contracts';
import { verifyPassword } from '../../platform/auth/password-hasher';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import { queueBillingErasure, refuseWhileSubscriptionsActive } from '../billing';
import { disconnectWatch } from '../device-connection';
import { endOtherSignIns, findProfile, inUserScope, type ProfileContext } from '../profile';
import { writeSecurityLog } from '../security-logs';
import * as repository from './account-deletion.repository';

/**
 * Deletes the caller's own account (spec `delete-user`), confirmed with their password. Only people
 * of a household serve themselves this way (an organization's people are removed by their
 * administrator). In one transaction:
 * - a member leaves the household: their user row goes, and with it (foreign keys) their roles,
 *   alarm-receiver links, avatar, pending e-mail change, sign-in codes and message copies;
 * - the owner deletes the household with it, refused while it has other members or open invitations
 *   (transfer the account or remove them first): its watches go back to their seller's stock
 *   ("awaiting return", as disconnecting does), then the household and everything it owns (citizens,
 *   geofences, positions, alarms) are deleted;
 * - every sign-in of the person ends (access tokens with the revocation notice to every node);
 * - what is kept for bookkeeping keeps the id, not the person: security and audit log entries read
 *   DELETED_USER_NAME, entity changes mask the personal columns, mail to them leaves the outbox.
 */
export async function deleteAccount(ctx: ProfileContext, input: DeleteAccountRequest): Promise<void> {
  await inUserScope(ctx.db, ctx.tenantId, async (db) => {
    const household = ctx.tenantId ? await repository.findHousehold(db, ctx.tenantId) : undefined;
    const profile = await findProfile(db, ctx.userId, ctx.tenantId);
    if (!profile) throw new DomainError('not_found');
    // 409 rather than 403: any signed-in user may call this; it is the account that does not qualify.
    if (!household) throw new DomainError('conflict', ACCOUNT_DELETION_MESSAGE_KEYS.notSelfService);

    const windowStart = new Date(ctx.now().getTime() - PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES * 60_000);
    if ((await repository.countPasswordFailures(db, ctx.userId, windowStart)) >= PASSWORD_CHANGE_MAX_FAILURES)
      throw new DomainError('rate_limited', PROFILE_MESSAGE_KEYS.tooManyWrongPasswords);
    if (!(await verifyPassword(profile.passwordHash, input.password))) {
      ctx.logRefusal({
        tenantId: ctx.tenantId,
        action: 'AccountDeletionFailed',
        userId: ctx.userId,
        userName: ctx.userName,
        clientId: ctx.clientId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      throw fieldError('password', ACCOUNT_DELETION_MESSAGE_KEYS.wrongPassword);
    }

    const isOwner = household.ownerUserId === ctx.userId;
    if (isOwner) {
      if ((await repository.countOthers(db, household.id, ctx.userId)) > 0)
        throw new DomainError('conflict', ACCOUNT_DELETION_MESSAGE_KEYS.ownerHasMembers);
      // Spec §4: refused while a subscription is active ("pause or transfer first"); a paused one
      // ends with the household's processor customer, deleted by the billing job after the commit.
      await refuseWhileSubscriptionsActive(db, household.id);
      await queueBillingErasure(db, household.id);
      for (const watchId of await repository.findConnectedWatchIds(db, household.id)) {
        await disconnectWatch({ db, tenantId: household.id, now: ctx.now }, watchId);
      }
    }

    await endOtherSignIns(db, ctx.userId, undefined);
    await writeSecurityLog(db, {
      tenantId: ctx.tenantId,
      action: 'AccountDeleted',
      userId: ctx.userId,
      userName: DELETED_USER_NAME,
      clientId: ctx.clientId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    const deleted = isOwner
      ? await repository.deleteHousehold(db, household.id, ctx.userId)
      : await repository.deleteUser(db, household.id, ctx.userId);
    if (!deleted) throw new DomainError('conflict');
    const erased = await repository.eraseDeletedUserTraces(db, {
      userId: ctx.userId,
      identifiers: [profile.userName, profile.email, profile.phoneNumber ?? ''].flatMap((value) =>
        value ? [value, normalizeIdentifier(value)] : [],
      ),
      replacement: DELETED_USER_NAME,
      householdId: isOwner ? household.id : null,
    });
    if (!erased) throw new Error('the deleted account could not be erased');
  });
  ctx.authorizationChanged(ctx.userId);
}
