import { z } from 'zod';
import { SIGN_IN_CLIENT_KINDS, SUPPORTED_LANGUAGES } from './constants';

export const zLanguageInfo = z.object({
  cultureName: z.enum(SUPPORTED_LANGUAGES),
  uiCultureName: z.string(),
  displayName: z.string(),
  isEnabled: z.boolean(),
  isDefault: z.boolean(),
});
export type LanguageInfo = z.infer<typeof zLanguageInfo>;

/** Privacy policy links by language; `default` is used for any other language (spec §1). */
export const zPrivacyPolicyUrls = z.object({
  en: z.string().url(),
  sv: z.string().url(),
  'da-DK': z.string().url(),
  'de-DE': z.string().url(),
  default: z.string().url(),
});
export type PrivacyPolicyUrls = z.infer<typeof zPrivacyPolicyUrls>;

/** One public sign-in client and the origins it serves; the SPA picks the first listing its origin. */
export const zSignInClient = z.object({
  kind: z.enum(SIGN_IN_CLIENT_KINDS),
  clientId: z.string(),
  origins: z.array(z.string()),
});
export type SignInClient = z.infer<typeof zSignInClient>;

/** Where and how the SPA signs in: the provider's issuer (authority), the scope and the clients. */
export const zSignInSettings = z.object({
  authority: z.string(),
  scope: z.string(),
  clients: z.array(zSignInClient),
});
export type SignInSettings = z.infer<typeof zSignInSettings>;

/** Settings the server lets every client see. */
export const zClientSettings = z.object({
  themeSwitchingEnabled: z.boolean(),
  privacyPolicyUrls: zPrivacyPolicyUrls,
  termsUrl: z.string().optional(),
  forumUrl: z.string().optional(),
  mapTileUrl: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  companyCvr: z.string(),
  signIn: zSignInSettings,
});
export type ClientSettings = z.infer<typeof zClientSettings>;

/**
 * `GET /api/app/configuration`: what the SPA needs before it renders. The sign-in issue adds the
 * current user, tenant and granted policies; until then they are empty.
 */
export const zAppConfiguration = z.object({
  currentUser: z
    .object({
      id: z.string(),
      userName: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      roles: z.array(z.string()),
      tenantId: z.string().nullable(),
    })
    .nullable(),
  currentTenant: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  grantedPolicies: z.record(z.string(), z.boolean()),
  policies: z.record(z.string(), z.boolean()),
  features: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  settings: zClientSettings,
  languages: z.array(zLanguageInfo),
  currentCulture: z.object({ cultureName: z.string(), displayName: z.string() }),
  extraProperties: z.record(z.string(), z.unknown()),
  isPlugAndPlay: z.boolean(),
  version: z.string(),
});
export type AppConfiguration = z.infer<typeof zAppConfiguration>;
/** Its query: the language the configuration's texts come in (the caller's by default). */
export const zAppConfigurationRequest = z.object({ lng: z.string().max(16).optional() });
