import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_RULE_KEYS,
  zPassword,
  zPhoneNumber,
  type PasswordPolicy,
} from './identity';

/**
 * Contracts of the self-service account (`/account`, spec §1 and §7 "plug-and-play profile"): the
 * signed-in user's own profile, e-mail change by link, avatar and password change.
 */

/** The setting (group `account`) that bounds an uploaded picture, in MB. */
export const AVATAR_MAX_MEGABYTES_SETTING = 'Account.AvatarMaxMegabytes';
export const AVATAR_MAX_MEGABYTES_DEFAULT = 2;
/** The highest value the setting takes; the upload route's body limit is just above it. */
export const AVATAR_MAX_MEGABYTES_LIMIT = 20;
/** The stored thumbnail is a square of this many pixels. */
export const AVATAR_SIZE_PX = 256;
/** The types an upload may be, told by its first bytes (not by its name or Content-Type). */
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/**
 * Wrong current passwords on the change-password form: this many within the window refuse further
 * tries until the oldest is that old (a stolen access token must not become a password oracle).
 */
export const PASSWORD_CHANGE_MAX_FAILURES = 5;
export const PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES = 15;
/** An e-mail change link works for this long. */
export const EMAIL_CHANGE_TOKEN_TTL_HOURS = 24;

/** Translation keys (namespace `profile`) of the rules the server enforces. */
export const PROFILE_MESSAGE_KEYS = {
  emailTaken: 'profile:errors.emailTaken',
  emailChangeLinkInvalid: 'profile:errors.emailChangeLinkInvalid',
  /** `{count}`: the limit in MB (spec §5: the avatar image has a maximum size in MB). */
  avatarTooLarge: 'profile:errors.avatarTooLarge',
  avatarNotAnImage: 'profile:errors.avatarNotAnImage',
  avatarUnreadable: 'profile:errors.avatarUnreadable',
  wrongCurrentPassword: 'profile:errors.wrongCurrentPassword',
  /** Says a quarter of an hour: PASSWORD_CHANGE_FAILURE_WINDOW_MINUTES. */
  tooManyWrongPasswords: 'profile:errors.tooManyWrongPasswords',
  sameAsCurrentPassword: 'profile:errors.sameAsCurrentPassword',
} as const;

/** `GET /api/account/my-profile`: the caller's own account. */
export const zMyProfile = z.object({
  id: z.uuid(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** A new address waiting for its link to be opened; `email` stays in force until then. */
  pendingEmail: z.string().nullable(),
  /** Where the picture is served; it changes whenever the picture does. Null without one. */
  avatarUrl: z.string().nullable(),
});
export type MyProfile = z.infer<typeof zMyProfile>;

/** `PUT /api/account/update-profile`; the same field rules as identity management's users. */
export const zUpdateProfileRequest = z.object({
  name: z.string().trim().max(128).optional().default(''),
  email: z.email().max(256),
  phoneNumber: zPhoneNumber.optional().default(''),
});
export type UpdateProfileRequest = z.input<typeof zUpdateProfileRequest>;

/** `POST /api/account/confirm-email-change`: the token from the link sent to the new address. */
export const zConfirmEmailChangeRequest = z.object({
  token: z.string().trim().min(1).max(256),
});
export type ConfirmEmailChangeRequest = z.infer<typeof zConfirmEmailChangeRequest>;
export const zConfirmEmailChangeResponse = z.object({ email: z.string() });
export type ConfirmEmailChangeResponse = z.infer<typeof zConfirmEmailChangeResponse>;

/**
 * `POST /api/account/change-password`. The transport schema only bounds the new password; the
 * server checks it against the caller's tenant's policy, as `zChangePasswordForm(policy)` does.
 */
export const zChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.input<typeof zChangePasswordRequest>;

/** The change-password form: the policy's rule on the new password, and its confirmation. */
export function zChangePasswordForm(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      currentPassword: z.string().min(1).max(1024),
      newPassword: zPassword(policy),
      confirmPassword: z.string().min(1),
    })
    .refine((value) => value.newPassword === value.confirmPassword, {
      path: ['confirmPassword'],
      message: PASSWORD_RULE_KEYS.mismatch,
    });
}
export type ChangePasswordForm = z.input<ReturnType<typeof zChangePasswordForm>>;

/** `GET /api/account/avatars/:userId?v=`: `v` is the version the URL was made with. */
export const zAvatarParams = z.object({ userId: z.uuid() });
export const zAvatarQuery = z.object({ v: z.string().max(64).optional() });

/** The avatar's URL for a user and version (the server makes it; the web only follows it). */
export function avatarUrlOf(userId: string, version: string): string {
  return `/api/account/avatars/${userId}?v=${encodeURIComponent(version)}`;
}
