import { z } from 'zod';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_RULE_KEYS, zPassword, type PasswordPolicy } from './identity';
import { normalizePhoneNumber } from './phone-numbers';

/**
 * Contracts of the account feature: the server-rendered sign-in pages of the OpenID provider and the
 * password reset by e-mail link. The web app links to these paths; it never renders them itself.
 */
export const ACCOUNT_PATHS = {
  forgotPassword: '/account/forgot-password',
  resetPassword: '/account/reset-password',
} as const;

/** A password-reset link works once, for this long. */
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 60;

/** The sign-in form: user name or e-mail, and the password. */
export const zSignInForm = z.object({
  identifier: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(1024),
});
export type SignInForm = z.input<typeof zSignInForm>;

/** The issuer authenticator apps show next to a Homeward account (otpauth:// URI and label prefix). */
export const TOTP_ISSUER = 'Homeward';

/**
 * The second-factor form, at sign-in and when setting up the authenticator app: the six digits the
 * app shows (spaces allowed).
 */
export const zTwoFactorForm = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'account:validation.totpCode')),
});
export type TwoFactorForm = z.input<typeof zTwoFactorForm>;

/** A phone sign-in code works once, for this long. */
export const PHONE_SIGN_IN_CODE_TTL_MINUTES = 5;

/** A phone number typed on the sign-in page, normalised to E.164 (`normalizePhoneNumber`). */
const zSignInPhoneNumber = z
  .string()
  .max(64, 'account:phoneSignIn.invalidNumber')
  .transform((value, context) => {
    const normalized = normalizePhoneNumber(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: 'account:phoneSignIn.invalidNumber' });
      return z.NEVER;
    }
    return normalized;
  });

/** Phone sign-in, first step: the number the code is sent to. */
export const zPhoneSignInForm = z.object({ phoneNumber: zSignInPhoneNumber });
export type PhoneSignInForm = z.input<typeof zPhoneSignInForm>;

/** Phone sign-in, second step: the number again (a hidden field) and the six digits of the SMS. */
export const zPhoneCodeForm = z.object({
  phoneNumber: zSignInPhoneNumber,
  code: z
    .string()
    .max(64, 'account:validation.phoneCode')
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'account:validation.phoneCode')),
});
export type PhoneCodeForm = z.input<typeof zPhoneCodeForm>;

export const zForgotPasswordForm = z.object({
  email: z.email().max(256),
});
export type ForgotPasswordForm = z.input<typeof zForgotPasswordForm>;

/** The new password (under the tenant's policy) and its confirmation. */
export function zResetPasswordForm(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z
    .object({
      token: z.string().min(1).max(256),
      password: zPassword(policy),
      confirmPassword: z.string().min(1),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: PASSWORD_RULE_KEYS.mismatch,
    });
}
export type ResetPasswordForm = z.input<ReturnType<typeof zResetPasswordForm>>;
