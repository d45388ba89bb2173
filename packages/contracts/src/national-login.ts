import { z } from 'zod';
import { zUserFields } from './users';

/**
 * National login (spec §5, §7 "national-ID user creation"): a tenant with the `nationalLogin` flag
 * lets its users sign in through an external OpenID Connect identity broker, the way Danish
 * municipalities use a national eID broker. The broker is configured per tenant; staff create
 * national-ID users bound to the person's identity value (the broker's claim), stored encrypted
 * like CPR numbers; the first sign-in through the broker links the account.
 */
export const NATIONAL_LOGIN_MESSAGE_KEYS = {
  notEnabled: 'identity:nationalLogin.notEnabled',
  notConfigured: 'identity:nationalLogin.notConfigured',
  insecureIssuer: 'identity:nationalLogin.insecureIssuer',
  identityTaken: 'identity:nationalLogin.identityTaken',
  clientSecretRequired: 'identity:nationalLogin.clientSecretRequired',
} as const;

/** Where the broker sends the browser back (registered at the broker as the redirect URI). */
export const NATIONAL_LOGIN_CALLBACK_PATH = '/account/national-login/callback';

/** The claim that carries the person's id when nothing else is configured. */
export const DEFAULT_NATIONAL_IDENTITY_CLAIM = 'sub';

/** PUT /api/tenants/:id/national-login. Without `clientSecret` the stored one is kept. */
export const zSaveNationalLoginBrokerRequest = z.object({
  issuer: z.url({ protocol: /^https?$/ }).max(500),
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().min(1).max(500).optional(),
  identityClaim: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:/-]+$/)
    .optional()
    .default(DEFAULT_NATIONAL_IDENTITY_CLAIM),
});
export type SaveNationalLoginBrokerRequest = z.input<typeof zSaveNationalLoginBrokerRequest>;

/** GET /api/tenants/:id/national-login: the broker, never its secret. */
export const zNationalLoginBroker = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  identityClaim: z.string(),
  hasClientSecret: z.boolean(),
  /** The address to register at the broker as this deployment's redirect URI. */
  redirectUri: z.string(),
});
export type NationalLoginBroker = z.infer<typeof zNationalLoginBroker>;

/** POST /api/identity/users/national-id: a user who signs in through the broker only. */
export const zCreateNationalIdUserRequest = zUserFields.extend({
  /** The person's id as the broker's identity claim carries it. */
  nationalIdentity: z.string().trim().min(1).max(200),
});
export type CreateNationalIdUserRequest = z.input<typeof zCreateNationalIdUserRequest>;

/** GET /api/identity/users/:id/national-id: the binding, masked. */
export const zNationalIdentityBinding = z.object({
  userId: z.uuid(),
  bound: z.boolean(),
  /** The last four characters, the rest masked; null when not bound. */
  identityMasked: z.string().nullable(),
  /** When the first sign-in through the broker linked the account; null until then. */
  linkedAt: z.string().nullable(),
});
export type NationalIdentityBinding = z.infer<typeof zNationalIdentityBinding>;
