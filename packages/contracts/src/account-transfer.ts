import { z } from 'zod';

/**
 * Transferring a household's account to one of its members (spec §4 "account transfer", §7
 * plug-and-play profile: transfer-user step 1 with {id}, step 2 with two ids). The owner picks an
 * activated member; the member gets an e-mail whose link names both people and carries a token,
 * and accepts signed in as themselves. Ownership and the roles then swap, and the old owner signs
 * in again: every sign-in of theirs ends.
 */

/** A transfer link works for this long. */
export const ACCOUNT_TRANSFER_TTL_DAYS = 7;

/** Translation keys (namespace `profile`) of the rules the server enforces. */
export const ACCOUNT_TRANSFER_MESSAGE_KEYS = {
  /** Only the household's owner transfers it. */
  notOwner: 'profile:transfer.errors.notOwner',
  /** The chosen person is not an activated member of the household (or is the owner). */
  notAMember: 'profile:transfer.errors.notAMember',
  /** The link is wrong, used, cancelled, expired, or for someone else. */
  linkInvalid: 'profile:transfer.errors.linkInvalid',
} as const;

/** The web app's page the e-mail links to (step 2). */
export function accountTransferPath(fromUserId: string, toUserId: string, token: string): string {
  return `/account/transfer/${fromUserId}/${toUserId}?token=${encodeURIComponent(token)}`;
}

/** `POST /api/account/transfer-user/:id` (step 1): the member to transfer to. */
export const zTransferUserParams = z.object({ id: z.uuid() });

/** `POST /api/account/transfer-user/:fromUserId/:toUserId` (step 2): accept with the link's token. */
export const zAcceptTransferParams = z.object({ fromUserId: z.uuid(), toUserId: z.uuid() });
export const zAcceptTransferRequest = z.object({ token: z.string().trim().min(1).max(256) });
export type AcceptTransferRequest = z.infer<typeof zAcceptTransferRequest>;

export const zTransferPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TransferPerson = z.infer<typeof zTransferPerson>;

/**
 * `GET /api/account/transfer-user`: the caller's side of it. The owner gets the members they may
 * choose (activated members only) and the pending transfer; the receiver gets the transfer meant for
 * them; anyone else an empty answer.
 */
export const zAccountTransferState = z.object({
  isOwner: z.boolean(),
  candidates: z.array(zTransferPerson),
  pending: z
    .object({
      from: zTransferPerson,
      to: zTransferPerson,
      createdAt: z.string(),
      expiresAt: z.string(),
      /** True when the caller is the receiver (who accepts from the e-mail's link). */
      forMe: z.boolean(),
    })
    .nullable(),
});
export type AccountTransferState = z.infer<typeof zAccountTransferState>;
