import { findSettingDefinition, type PasswordPolicy, type SettingDefinition } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { resolveSettings, type ResolvedSetting } from './setting-resolver';

/** Setting names of the password policy, the lockout rule and sign-in (settings management). */
export const IDENTITY_SETTING_NAMES = {
  passwordMinLength: 'Identity.Password.RequiredLength',
  passwordMaxLength: 'Identity.Password.MaxLength',
  requireLowercase: 'Identity.Password.RequireLowercase',
  requireUppercase: 'Identity.Password.RequireUppercase',
  requireDigit: 'Identity.Password.RequireDigit',
  requireNonAlphanumeric: 'Identity.Password.RequireNonAlphanumeric',
  lockoutMaxFailedAttempts: 'Identity.Lockout.MaxFailedAccessAttempts',
  lockoutDurationMinutes: 'Identity.Lockout.LockoutDuration',
  requireConfirmedEmail: 'Identity.SignIn.RequireConfirmedEmail',
} as const;

export interface IdentitySettings {
  passwordPolicy: PasswordPolicy;
  lockoutMaxFailedAttempts: number;
  lockoutDurationMinutes: number;
  requireConfirmedEmail: boolean;
}

const DEFINITIONS: SettingDefinition[] = Object.values(IDENTITY_SETTING_NAMES).map((name) =>
  findSettingDefinition(name)!,
);

function positiveInteger(setting: ResolvedSetting | undefined): number {
  const number = Number(setting?.value);
  // Unparseable stored text (written outside the API) falls back to the default.
  return Number.isInteger(number) && number > 0 ? number : Number(setting!.definition.defaultValue);
}

function flag(setting: ResolvedSetting | undefined): boolean {
  const text = setting?.value === 'true' || setting?.value === 'false' ? setting.value : undefined;
  return (text ?? setting!.definition.defaultValue) === 'true';
}

type CharacterClass = 'requireLowercase' | 'requireUppercase' | 'requireDigit' | 'requireNonAlphanumeric';

function relaxed(key: CharacterClass, setting: ResolvedSetting | undefined): Partial<PasswordPolicy> {
  return flag(setting) ? {} : { [key]: false };
}

function identitySettingsOf(resolved: Map<string, ResolvedSetting>): IdentitySettings {
  const n = IDENTITY_SETTING_NAMES;
  return {
    passwordPolicy: {
      minLength: positiveInteger(resolved.get(n.passwordMinLength)),
      maxLength: positiveInteger(resolved.get(n.passwordMaxLength)),
      // Only a relaxed class is spelled out: absent means required, as PasswordPolicy defines.
      ...relaxed('requireLowercase', resolved.get(n.requireLowercase)),
      ...relaxed('requireUppercase', resolved.get(n.requireUppercase)),
      ...relaxed('requireDigit', resolved.get(n.requireDigit)),
      ...relaxed('requireNonAlphanumeric', resolved.get(n.requireNonAlphanumeric)),
    },
    lockoutMaxFailedAttempts: positiveInteger(resolved.get(n.lockoutMaxFailedAttempts)),
    lockoutDurationMinutes: positiveInteger(resolved.get(n.lockoutDurationMinutes)),
    requireConfirmedEmail: flag(resolved.get(n.requireConfirmedEmail)),
  };
}

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = identitySettingsOf(
  new Map(
    DEFINITIONS.map((definition) => [
      definition.name,
      { definition, value: definition.defaultValue, source: 'default' },
    ]),
  ),
);

/**
 * The identity settings in force for a tenant (null: the host): a tenant value (`T`) wins over the
 * host-wide one (`G`), which wins over the default. Unparseable values fall back to the default.
 */
export async function getIdentitySettings(db: Database, tenantId: string | null): Promise<IdentitySettings> {
  return identitySettingsOf(await resolveSettings(db, DEFINITIONS, { tenantId, userId: null }));
}
