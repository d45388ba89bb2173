import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { VALIDATION_KEYS } from './validation';

/** Keys of the password rules, in the `translation` namespace. */
export const PASSWORD_RULE_KEYS = {
  lowercase: 'validation.passwordLowercase',
  uppercase: 'validation.passwordUppercase',
  digit: 'validation.passwordDigit',
  special: 'validation.passwordSpecial',
  mismatch: 'validation.passwordsMustMatch',
  agreement: 'validation.agreementRequired',
} as const;

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  /** The character classes a password needs; each is required unless set to false (settings). */
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireDigit?: boolean;
  requireNonAlphanumeric?: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
};

/**
 * The password rule (spec §5): length bounds from settings, and by default at least one lowercase
 * letter, one uppercase letter, one digit and one special character; settings may drop a class.
 */
export function zPassword(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  let schema = z.string().min(policy.minLength).max(policy.maxLength);
  if (policy.requireLowercase !== false) schema = schema.regex(/\p{Ll}/u, PASSWORD_RULE_KEYS.lowercase);
  if (policy.requireUppercase !== false) schema = schema.regex(/\p{Lu}/u, PASSWORD_RULE_KEYS.uppercase);
  if (policy.requireDigit !== false) schema = schema.regex(/\d/, PASSWORD_RULE_KEYS.digit);
  if (policy.requireNonAlphanumeric !== false)
    schema = schema.regex(/[^\p{L}\d\s]/u, PASSWORD_RULE_KEYS.special);
  return schema;
}

export const zUserName = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9._@+-]+$/, VALIDATION_KEYS.invalid);

export const zPhoneNumber = z.string().trim().max(16).regex(/^\d*$/, VALIDATION_KEYS.digitsOnly);

/** Registration form and request (spec §3 "Registration", §5). */
export function zRegistration(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      userName: zUserName,
      fullName: z.string().trim().min(1).max(128),
      email: z.email().max(256),
      phoneNumber: zPhoneNumber.optional().default(''),
      password: zPassword(policy),
      confirmPassword: z.string().min(1),
      acceptTerms: z.literal(true, PASSWORD_RULE_KEYS.agreement),
      marketingConsent: z.boolean().optional().default(false),
      invitationToken: z.string().max(256).optional(),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: PASSWORD_RULE_KEYS.mismatch,
    });
}
export type RegistrationRequest = z.input<ReturnType<typeof zRegistration>>;

/** Keys of the registration feature's own messages, in the `registration` namespace. */
export const REGISTRATION_MESSAGE_KEYS = {
  userNameTaken: 'registration:userNameTaken',
  emailTaken: 'registration:emailTaken',
  emailNotInvited: 'registration:emailNotInvited',
  invalidInvitation: 'registration:invalidInvitation',
  invalidConfirmationToken: 'registration:invalidConfirmationToken',
  selfRegistrationDisabled: 'registration:selfRegistrationDisabled',
  alreadySignedIn: 'registration:alreadySignedIn',
} as const;

/** `POST /api/account/pending-registration` answer: the account waits for its e-mail confirmation. */
export const zPendingRegistrationResponse = z.object({
  userId: z.string(),
  email: z.string(),
});
export type PendingRegistrationResponse = z.infer<typeof zPendingRegistrationResponse>;

/** `POST /api/account/complete-registration`: the token from the confirmation e-mail's link. */
export const zCompleteRegistrationRequest = z.object({
  confirmationToken: z.string().trim().min(1).max(256),
});
export type CompleteRegistrationRequest = z.infer<typeof zCompleteRegistrationRequest>;

export const zCompleteRegistrationResponse = z.object({
  userId: z.string(),
  userName: z.string(),
});
export type CompleteRegistrationResponse = z.infer<typeof zCompleteRegistrationResponse>;

/** `POST /api/account/resend-email`: sends the confirmation e-mail again (always answered 204). */
export const zResendEmailRequest = z.object({
  email: z.email().max(256),
});
export type ResendEmailRequest = z.infer<typeof zResendEmailRequest>;

/** `GET /api/account/invitations/:token`: what an invitation pre-fills in the registration form. */
export const zInvitationTokenParams = z.object({
  token: z.string().min(1).max(256),
});
export const zInvitationInfo = z.object({
  email: z.string(),
});
export type InvitationInfo = z.infer<typeof zInvitationInfo>;
