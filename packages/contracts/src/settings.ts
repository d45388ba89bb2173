import { z } from 'zod';
import {
  AVATAR_MAX_MEGABYTES_DEFAULT,
  AVATAR_MAX_MEGABYTES_LIMIT,
  AVATAR_MAX_MEGABYTES_SETTING,
} from './profile';

/** The tabs of settings management; each checks its own permission. */
export const SETTING_GROUPS = ['identity', 'account', 'twoFactor', 'captcha', 'emailing'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** Where a value is stored: `G` host-wide, `T` one tenant, `U` one user. */
export const SETTING_PROVIDERS = ['G', 'T', 'U'] as const;
export type SettingProvider = (typeof SETTING_PROVIDERS)[number];

export const SETTING_TYPES = ['string', 'number', 'boolean', 'selection', 'secret'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** Permission to read a group (the tab); `<permission>.Edit` is needed to save it. */
export const SETTING_GROUP_PERMISSIONS: Record<SettingGroup, `Homeward.Settings.${string}`> = {
  identity: 'Homeward.Settings.Identity',
  account: 'Homeward.Settings.Account',
  twoFactor: 'Homeward.Settings.TwoFactor',
  captcha: 'Homeward.Settings.Captcha',
  emailing: 'Homeward.Settings.Emailing',
};

/** Message keys of settings validation, in the `settings` namespace. */
export const SETTINGS_MESSAGE_KEYS = {
  unknownSetting: 'settings:unknownSetting',
  notAllowedAtLevel: 'settings:notAllowedAtLevel',
  mustBeBoolean: 'settings:mustBeBoolean',
  notAnOption: 'settings:notAnOption',
  mustBeUrl: 'settings:mustBeUrl',
  maxBelowMin: 'settings:maxBelowMin',
} as const;

/** One setting of the catalogue. Values are stored as text; `defaultValue` is that text. */
export interface SettingDefinition {
  name: string;
  group: SettingGroup;
  type: SettingType;
  defaultValue: string;
  /** For `selection`: the allowed values. */
  options?: readonly string[];
  /** For `number`: bounds, and whether only whole numbers are allowed. */
  min?: number;
  max?: number;
  integer?: boolean;
  /** For `string`: a format checked on save (empty is always allowed). */
  format?: 'url' | 'email' | 'host';
  /** Returned by the configuration endpoint to every client. Never true for a secret. */
  isVisibleToClients: boolean;
  /** The levels a value may be stored at, least specific first. */
  providers: readonly SettingProvider[];
}

const HOST_AND_TENANT = ['G', 'T'] as const;
const HOST_ONLY = ['G'] as const;

function setting(
  group: SettingGroup,
  name: string,
  type: SettingType,
  defaultValue: string,
  extra: Partial<SettingDefinition> = {},
): SettingDefinition {
  return { name, group, type, defaultValue, isVisibleToClients: false, providers: HOST_AND_TENANT, ...extra };
}

const whole = (min: number, max: number) => ({ min, max, integer: true });
const PRIVACY_POLICY_CULTURES = ['en', 'sv', 'da-DK', 'de-DE', 'default'] as const;

/** Every setting the product knows, by group, in the order the screen shows them. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  setting('identity', 'Identity.Password.RequiredLength', 'number', '10', whole(6, 128)),
  setting('identity', 'Identity.Password.MaxLength', 'number', '100', whole(6, 1024)),
  setting('identity', 'Identity.Password.RequireLowercase', 'boolean', 'true'),
  setting('identity', 'Identity.Password.RequireUppercase', 'boolean', 'true'),
  setting('identity', 'Identity.Password.RequireDigit', 'boolean', 'true'),
  setting('identity', 'Identity.Password.RequireNonAlphanumeric', 'boolean', 'true'),
  setting('identity', 'Identity.Lockout.MaxFailedAccessAttempts', 'number', '5', whole(1, 100)),
  // Minutes.
  setting('identity', 'Identity.Lockout.LockoutDuration', 'number', '5', whole(1, 1440)),
  setting('identity', 'Identity.SignIn.RequireConfirmedEmail', 'boolean', 'true'),
  // Self-registration creates host users, so only the host decides it.
  setting('account', 'Account.IsSelfRegistrationEnabled', 'boolean', 'true', {
    isVisibleToClients: true,
    providers: HOST_ONLY,
  }),
  ...PRIVACY_POLICY_CULTURES.map((culture) =>
    setting('account', `Account.PrivacyPolicyUrl.${culture}`, 'string', '', {
      format: 'url',
      isVisibleToClients: true,
    }),
  ),
  setting('account', 'Account.TermsUrl', 'string', '', { format: 'url', isVisibleToClients: true }),
  // MB; the account page tells the limit before an upload, so clients see it.
  setting('account', AVATAR_MAX_MEGABYTES_SETTING, 'number', String(AVATAR_MAX_MEGABYTES_DEFAULT), {
    min: 0.1,
    max: AVATAR_MAX_MEGABYTES_LIMIT,
    isVisibleToClients: true,
  }),
  setting('twoFactor', 'TwoFactor.Behaviour', 'selection', 'optional', {
    options: ['optional', 'disabled', 'forced'],
  }),
  setting('twoFactor', 'TwoFactor.UsersCanChange', 'boolean', 'true'),
  // The client needs the switches and the site key to show the captcha; the secret stays here.
  setting('captcha', 'Captcha.UseOnLogin', 'boolean', 'false', { isVisibleToClients: true }),
  setting('captcha', 'Captcha.UseOnRegistration', 'boolean', 'false', { isVisibleToClients: true }),
  setting('captcha', 'Captcha.SiteKey', 'string', '', { isVisibleToClients: true }),
  setting('captcha', 'Captcha.SecretKey', 'secret', ''),
  setting('captcha', 'Captcha.Score', 'number', '0.5', { min: 0, max: 1 }),
  // One outbox delivery serves every tenant, so the mail server is the host's.
  setting('emailing', 'Smtp.Host', 'string', '', { format: 'host', providers: HOST_ONLY }),
  setting('emailing', 'Smtp.Port', 'number', '587', { ...whole(1, 65535), providers: HOST_ONLY }),
  setting('emailing', 'Smtp.UserName', 'string', '', { providers: HOST_ONLY }),
  setting('emailing', 'Smtp.Password', 'secret', '', { providers: HOST_ONLY }),
  setting('emailing', 'Smtp.EnableSsl', 'boolean', 'false', { providers: HOST_ONLY }),
  setting('emailing', 'Smtp.From', 'string', '', { format: 'email', providers: HOST_ONLY }),
];

const BY_NAME = new Map(SETTING_DEFINITIONS.map((definition) => [definition.name, definition]));

export function findSettingDefinition(name: string): SettingDefinition | undefined {
  return BY_NAME.get(name);
}

export function settingDefinitionsOf(group: SettingGroup): SettingDefinition[] {
  return SETTING_DEFINITIONS.filter((definition) => definition.group === group);
}

export const zSettingGroup = z.enum(SETTING_GROUPS);

/** One setting as the screen gets it, resolved for the caller's level. */
export const zSettingValue = z.object({
  name: z.string(),
  type: z.enum(SETTING_TYPES),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  defaultValue: z.string(),
  /** The value in force; always null for a secret. */
  value: z.string().nullable(),
  /** Whether a value is stored anywhere (for secrets: "set" / "not set"). */
  isSet: z.boolean(),
  /** Where the value in force comes from. */
  source: z.enum(['default', 'G', 'T', 'U']),
  /** Whether the caller's level may store this setting. */
  isEditable: z.boolean(),
});
export type SettingValue = z.infer<typeof zSettingValue>;

export const zSettingGroupResponse = z.object({
  group: zSettingGroup,
  /** The level the caller reads and writes: `G` for the host, `T` for a tenant. */
  level: z.enum(['G', 'T']),
  settings: z.array(zSettingValue),
});
export type SettingGroupResponse = z.infer<typeof zSettingGroupResponse>;

/**
 * New values by setting name. `null` removes the caller's own value, so the inherited one applies
 * again. A secret left out keeps its value.
 */
export const zUpdateSettingsRequest = z.object({
  values: z.record(z.string().max(128), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),
});
export type UpdateSettingsRequest = z.input<typeof zUpdateSettingsRequest>;

export const zSendTestEmailRequest = z.object({ to: z.email().max(256) });
export type SendTestEmailRequest = z.infer<typeof zSendTestEmailRequest>;
