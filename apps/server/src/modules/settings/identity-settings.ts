import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordPolicy } from '@homeward/contracts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { settings } from './settings.schema';

/** Setting names of the password policy and the lockout rule (issue: "the bounds are settings"). */
export const IDENTITY_SETTING_NAMES = {
  passwordMinLength: 'Identity.Password.RequiredLength',
  passwordMaxLength: 'Identity.Password.MaxLength',
  lockoutMaxFailedAttempts: 'Identity.Lockout.MaxFailedAccessAttempts',
  lockoutDurationMinutes: 'Identity.Lockout.LockoutDuration',
} as const;

export interface IdentitySettings {
  passwordPolicy: PasswordPolicy;
  lockoutMaxFailedAttempts: number;
  lockoutDurationMinutes: number;
}

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = {
  passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  lockoutMaxFailedAttempts: 5,
  lockoutDurationMinutes: 5,
};

/**
 * The identity settings in force for a tenant (null: the host): a tenant value (`T`) wins over the
 * global one (`G`), which wins over the default. Unparseable values fall back to the default.
 */
export async function getIdentitySettings(db: Database, tenantId: string | null): Promise<IdentitySettings> {
  const names = Object.values(IDENTITY_SETTING_NAMES);
  const rows = await db
    .select({ name: settings.name, value: settings.value, providerName: settings.providerName })
    .from(settings)
    .where(
      and(
        inArray(settings.name, names),
        or(
          and(eq(settings.providerName, 'G'), isNull(settings.providerKey)),
          tenantId ? and(eq(settings.providerName, 'T'), eq(settings.providerKey, tenantId)) : undefined,
        ),
      ),
    );
  const value = (name: string, fallback: number) => {
    const pick =
      rows.find((row) => row.name === name && row.providerName === 'T') ??
      rows.find((row) => row.name === name);
    const number = pick ? Number(pick.value) : NaN;
    return Number.isInteger(number) && number > 0 ? number : fallback;
  };
  const d = DEFAULT_IDENTITY_SETTINGS;
  return {
    passwordPolicy: {
      minLength: value(IDENTITY_SETTING_NAMES.passwordMinLength, d.passwordPolicy.minLength),
      maxLength: value(IDENTITY_SETTING_NAMES.passwordMaxLength, d.passwordPolicy.maxLength),
    },
    lockoutMaxFailedAttempts: value(
      IDENTITY_SETTING_NAMES.lockoutMaxFailedAttempts,
      d.lockoutMaxFailedAttempts,
    ),
    lockoutDurationMinutes: value(IDENTITY_SETTING_NAMES.lockoutDurationMinutes, d.lockoutDurationMinutes),
  };
}
