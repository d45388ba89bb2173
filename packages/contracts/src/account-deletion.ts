import { z } from 'zod';

/**
 * Deleting one's own account (spec §4, §7 plug-and-play profile `delete-user`): the person's data
 * is erased and every sign-in ends. A household's owner with other members transfers the account
 * or removes them first; an owner alone deletes the household with it (README "Deleting an
 * account").
 */

/** Translation keys (namespace `profile`) of the rules the server enforces. */
export const ACCOUNT_DELETION_MESSAGE_KEYS = {
  wrongPassword: 'profile:deletion.errors.wrongPassword',
  /** Only people of a household delete their own account; others ask their administrator. */
  notSelfService: 'profile:deletion.errors.notSelfService',
  /** The owner still has members or open invitations: transfer the account or remove them first. */
  ownerHasMembers: 'profile:deletion.errors.ownerHasMembers',
  /** Billing (next issue): refused while a subscription is active. */
  activeSubscription: 'profile:deletion.errors.activeSubscription',
} as const;

/** What the security and audit logs keep instead of a deleted person's name. */
export const DELETED_USER_NAME = '(deleted user)';

/** `POST /api/account/delete-user`: the current password confirms it. */
export const zDeleteAccountRequest = z.object({ password: z.string().min(1).max(1024) });
export type DeleteAccountRequest = z.infer<typeof zDeleteAccountRequest>;
