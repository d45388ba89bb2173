/** Actions written to the security log (spec §7 "security logs"); the screen filters by them. */
export const SECURITY_LOG_ACTIONS = [
  'LoginSucceeded',
  'LoginFailed',
  'LoginLockedOut',
  'LoginRequiresTwoFactor',
  'LoginNotAllowed',
  'TwoFactorFailed',
  'Logout',
  'TokenRefreshed',
  'TokenRevoked',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'UserRegistered',
  'EmailConfirmed',
  'UserLocked',
  'UserUnlocked',
] as const;
export type SecurityLogAction = (typeof SECURITY_LOG_ACTIONS)[number];
