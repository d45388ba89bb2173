import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/** Actions written to the security log (spec §7 "security logs"); the screen filters by them. */
export const SECURITY_LOG_ACTIONS = [
  'LoginSucceeded',
  'LoginFailed',
  'LoginLockedOut',
  'LoginRequiresTwoFactor',
  'LoginNotAllowed',
  'TwoFactorFailed',
  /** A user set up their authenticator app during sign-in (two-factor was required, no secret yet). */
  'TwoFactorEnrolled',
  /** Phone sign-in: a code went out by SMS to the user with this number. */
  'PhoneCodeSent',
  /** Phone sign-in: a code was asked for a number no active, confirmed account has; none was sent. */
  'PhoneCodeNotSent',
  'PhoneCodeAccepted',
  /** A wrong code, or one that had no more tries left. */
  'PhoneCodeFailed',
  'PhoneCodeExpired',
  'PhoneCodeReused',
  /** A code request or a code refused by the rate limits before anything was looked at. */
  'PhoneCodeThrottled',
  'Logout',
  'TokenRefreshed',
  'TokenRevoked',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  /** A password change refused for a wrong current password (counted to throttle guessing). */
  'PasswordChangeFailed',
  /** The owner offered the household to a member (step 1 of a transfer). */
  'AccountTransferRequested',
  /** The household's ownership moved: logged for the old owner and for the new one. */
  'AccountTransferred',
  'AccountTransferReceived',
  /** The person deleted their own account (the entry keeps the id, not the name). */
  'AccountDeleted',
  /** A wrong password on the delete-account form (counted with PasswordChangeFailed to throttle). */
  'AccountDeletionFailed',
  'UserRegistered',
  'EmailConfirmed',
  'UserLocked',
  'UserUnlocked',
  /** A sign-in through the tenant's national-ID broker (its first one also links the account). */
  'NationalLoginSucceeded',
  /** The broker vouched for an identity no active user of the tenant is bound to. */
  'NationalLoginRefused',
  /** The broker answered with an error, or its answer did not verify. */
  'NationalLoginFailed',
] as const;
export type SecurityLogAction = (typeof SECURITY_LOG_ACTIONS)[number];

/**
 * GET /api/identity/security-logs: newest first unless `sorting` says otherwise; `filter` searches
 * user name, client id and action. Times are ISO with offset, `startTime` inclusive, `endTime` exclusive.
 */
export const zSecurityLogListRequest = zPagedRequest.extend({
  startTime: zDateTimeInput.optional(),
  endTime: zDateTimeInput.optional(),
  action: z.string().trim().max(64).optional(),
  userName: z.string().trim().max(256).optional(),
  clientId: z.string().trim().max(256).optional(),
  correlationId: z.string().trim().max(256).optional(),
});
export type SecurityLogListRequest = z.input<typeof zSecurityLogListRequest>;

/** GET /api/account/my-security-logs: the caller's own entries, same filters but the user. */
export const zMySecurityLogListRequest = zSecurityLogListRequest.omit({ userName: true });
export type MySecurityLogListRequest = z.input<typeof zMySecurityLogListRequest>;

export const SECURITY_LOG_SORT_FIELDS = ['createdAt', 'action', 'userName', 'clientId'] as const;

export const zSecurityLog = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  /** `Identity` or `OpenIdConnect`. */
  identity: z.string(),
  action: z.string(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  clientId: z.string().nullable(),
  clientIpAddress: z.string().nullable(),
  browserInfo: z.string().nullable(),
  correlationId: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityLog = z.infer<typeof zSecurityLog>;
export const zSecurityLogListResponse = zPagedResult(zSecurityLog);
export type SecurityLogListResponse = z.infer<typeof zSecurityLogListResponse>;
