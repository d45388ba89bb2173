import {
  OIDC_SCOPE,
  SIGN_IN_CALLBACK_PATH,
  SIGN_IN_WINDOW_CALLBACK_PATH,
  SILENT_RENEW_PATH,
} from '@homeward/contracts';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import type { UserAuthorizationCache } from '../../permissions/user-authorization';
import { createOidcAdapter } from './oidc-adapter';
import { createFindAccount, OIDC_CLAIMS } from './oidc-account';
import { loadOrCreateOidcKeys } from './oidc-keys';
import {
  createPasswordGrantHandler,
  PASSWORD_GRANT_PARAMETERS,
  type PasswordVerifier,
} from './password-grant';
import { installOidcSecurityLog, type OidcSecurityLogWriter } from './oidc-security-log';
import { endSessionWithoutSignIn } from './end-session';
import { createFormPostPageMiddleware, providerPageOptions, type ProviderPages } from './provider-pages';
import { CHECK_SESSION_PATH, createSessionStateMiddleware } from './session-state';

/** Where the provider is mounted; the issuer is PUBLIC_URL + this path (the mount must match it). */
export const OIDC_MOUNT_PATH = '/connect';
/** The login and consent pages of modules/account. */
export const INTERACTION_PATH = '/account/interaction';

/** Lifetimes in seconds. Access tokens are short; silent renew refreshes them 60 s before expiry. */
export const OIDC_TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
} as const;

export interface OidcProviderOptions {
  config: Pick<Config, 'publicUrl' | 'signInClients' | 'trustProxy'>;
  db: Database;
  passwords: PasswordVerifier;
  authorizations: UserAuthorizationCache;
  /** The pages the provider shows itself (sign-out, errors), in the product's look. */
  pages: ProviderPages;
  /** Where sign-out and token revocations are recorded (the security-logs module's writer). */
  writeSecurityLog: OidcSecurityLogWriter;
  logger?: Pick<Logger, 'error'>;
}

/** The two public first-party clients, registered for every origin of their deployment. */
export function signInClientsMetadata(config: Pick<Config, 'signInClients'>): ClientMetadata[] {
  return config.signInClients.map((client) => ({
    client_id: client.clientId,
    client_name: client.kind === 'branded' ? 'Homeward' : 'Homeward Plug and Play',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token', 'password'],
    response_types: ['code'],
    scope: OIDC_SCOPE,
    redirect_uris: client.origins.flatMap((origin) => [
      `${origin}${SIGN_IN_CALLBACK_PATH}`,
      `${origin}${SILENT_RENEW_PATH}`,
    ]),
    // Popup and silent sign-out come back to the window callback page (the popup or iframe's own).
    post_logout_redirect_uris: client.origins.flatMap((origin) => [
      `${origin}${SIGN_IN_CALLBACK_PATH}`,
      `${origin}${SIGN_IN_WINDOW_CALLBACK_PATH}`,
    ]),
  }));
}

/**
 * The OpenID Connect provider (oidc-provider 9): authorization code flow with PKCE S256 only,
 * refresh tokens for our first-party clients without a consent prompt (rotating; reuse revokes the
 * grant), revocation, userinfo, RP-initiated logout without a confirmation page (and straight back
 * to the client when there is no session to end), a password grant, and our own check-session
 * iframe. Every page it shows is ours (`pages`). All state lives in PostgreSQL.
 */
export async function createOidcProvider(options: OidcProviderOptions): Promise<Provider> {
  const { config, db } = options;
  const keys = await loadOrCreateOidcKeys(db);
  const issuer = `${config.publicUrl}${OIDC_MOUNT_PATH}`;
  const findAccount = createFindAccount(options.authorizations);
  const scopes = OIDC_SCOPE.split(' ');
  const { logoutSource, postLogoutSuccessSource, renderError } = providerPageOptions(options.pages);

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: signInClientsMetadata(config),
    jwks: { keys: keys.signingKeys as never[] },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    findAccount,
    claims: OIDC_CLAIMS,
    scopes,
    responseTypes: ['code'],
    pkce: { required: () => true },
    ttl: { ...OIDC_TTL },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    discovery: { check_session_iframe: `${issuer}${CHECK_SESSION_PATH}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // Public web clients get refresh tokens without `offline_access` consent (the docs' example):
    // the default check drops offline_access unless prompt=consent, which first-party apps never show.
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') ||
        (client.applicationType === 'web' && client.clientAuthMethod === 'none')),
    loadExistingGrant: grantFirstParty,
    renderError,
  };

  const provider = new Provider(issuer, configuration);
  // Behind a load balancer (TRUST_PROXY), X-Forwarded-* give the public scheme, host and client IP.
  provider.proxy = config.trustProxy;
  provider.registerGrantType(
    'password',
    createPasswordGrantHandler(options.passwords, findAccount),
    PASSWORD_GRANT_PARAMETERS,
  );
  provider.use(createSessionStateMiddleware(keys.cookieKeys[0]!));
  provider.use(endSessionWithoutSignIn);
  provider.use(createFormPostPageMiddleware(options.pages));
  provider.use(answerUnknownPathsWithJson);
  installOidcSecurityLog(provider, {
    db,
    authorizations: options.authorizations,
    writeSecurityLog: options.writeSecurityLog,
    logger: options.logger,
  });
  return provider;
}

/**
 * Our clients are first-party: the user is never asked to consent. An existing grant is reused; else
 * one is made with every scope of the product, as the consent page would have.
 */
async function grantFirstParty(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(OIDC_SCOPE);
  await grant.save();
  return grant;
}

/** A path under /connect that the provider does not serve gets the API's JSON 404, not text. */
async function answerUnknownPathsWithJson(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  if (ctx.status === 404 && ctx.body === undefined) {
    ctx.status = 404;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify({ error: { code: 'not_found', message: 'Not found' } });
  }
}
