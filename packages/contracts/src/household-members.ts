import { z } from 'zod';

/**
 * Members of a household (spec §7 plug-and-play profile: invite-user, delete-invited-user,
 * invited-by-user). The owner invites people by e-mail; the invitation's link opens registration
 * with its token, and confirming that registration makes the person a member of the household.
 */

/** An invitation link works for this long; a resend starts the time again. */
export const INVITATION_TTL_DAYS = 7;

/** An invitation e-mail is sent again at most this often (like registration's resend). */
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;

/** Keys of the feature's own messages, in the `householdMembers` namespace. */
export const HOUSEHOLD_MEMBER_MESSAGE_KEYS = {
  ownEmail: 'householdMembers:errors.ownEmail',
  alreadyMember: 'householdMembers:errors.alreadyMember',
  alreadyInvited: 'householdMembers:errors.alreadyInvited',
  alreadyRegistered: 'householdMembers:errors.alreadyRegistered',
  notAHousehold: 'householdMembers:errors.notAHousehold',
  resendTooSoon: 'householdMembers:errors.resendTooSoon',
} as const;

/** `POST /api/account/invite-user`: whom to invite. */
export const zInviteUserRequest = z.object({
  email: z.email().max(256),
  /** Make the member an alarm receiver of the household's citizens when they activate. */
  receivesAlarms: z.boolean().optional(),
});
export type InviteUserRequest = z.input<typeof zInviteUserRequest>;
/** Its answer: the invitation's id. */
export const zInviteUserResponse = z.object({ id: z.string() });

/** A person as the members' screen names them. */
export const zHouseholdPersonRef = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type HouseholdPersonRef = z.infer<typeof zHouseholdPersonRef>;

/** An invitation not yet accepted (it may have expired: it can be sent again). */
export const zHouseholdInvitation = z.object({
  id: z.string(),
  email: z.string(),
  /** When the e-mail was (last) sent. */
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: zHouseholdPersonRef.nullable(),
  receivesAlarms: z.boolean(),
});
export type HouseholdInvitation = z.infer<typeof zHouseholdInvitation>;

/** A person who belongs to the household: its owner or a member who accepted an invitation. */
export const zHouseholdMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'member']),
  /** Who invited them (spec `invited-by-user`); null for the owner. */
  invitedBy: zHouseholdPersonRef.nullable(),
  isCurrentUser: z.boolean(),
  /** An alarm receiver of (at least one of) the household's citizens: alarms reach them by e-mail and SMS. */
  receivesAlarms: z.boolean(),
});
export type HouseholdMember = z.infer<typeof zHouseholdMember>;

/** `GET /api/account/household-members`: the whole (small) household, members then invitations. */
export const zHouseholdMembersResponse = z.object({
  members: z.array(zHouseholdMember),
  invitations: z.array(zHouseholdInvitation),
});
export type HouseholdMembersResponse = z.infer<typeof zHouseholdMembersResponse>;

/** `GET /api/account/invited-by-user`: who invited the caller into their household, if anyone. */
export const zInvitedByUserResponse = z.object({
  invitedBy: zHouseholdPersonRef.nullable(),
});
export type InvitedByUserResponse = z.infer<typeof zInvitedByUserResponse>;

/** `PUT /api/account/household-members/:id/receives-alarms`: a member receives the household's alarms or not. */
export const zReceivesAlarmsRequest = z.object({ receivesAlarms: z.boolean() });
export type ReceivesAlarmsRequest = z.infer<typeof zReceivesAlarmsRequest>;

/** `:id` of an invitation (resend, delete) or of a member (receives-alarms). */
export const zInvitationIdParams = z.object({ id: z.uuid() });
