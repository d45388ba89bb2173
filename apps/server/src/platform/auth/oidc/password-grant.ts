import { OIDC_SCOPE } from '@homeward/contracts';
import { errors, type FindAccount, type KoaContextWithOIDC } from 'oidc-provider';

/** The part of the sign-in service the password grant needs (modules/account implements it). */
export interface PasswordVerifier {
  verifyPassword(
    identifier: string,
    password: string,
    context: { clientId: string | null; ip: string | null; userAgent: string | null },
  ): Promise<{ outcome: string; userId?: string; retryAfterSeconds?: number }>;
}

/**
 * Why the grant refused, as the token endpoint's `error_description` (no hint whether the user
 * exists, nor whether it is locked: a locked account answers invalid_credentials, sign-in-lockout.ts).
 */
const REFUSALS: Record<string, string> = {
  invalid_credentials: 'invalid username or password',
  not_allowed: 'sign-in is not allowed for this account',
  requires_two_factor: 'two-factor authentication is required; use the authorization code flow',
  requires_two_factor_enrolment: 'two-factor authentication is required; use the authorization code flow',
};

/** invalid_grant with a description the client may show (the library's default text says nothing). */
function refusal(description: string) {
  const error = new errors.InvalidGrant();
  error.error_description = description;
  return error;
}

/**
 * The client address used up its budget of failed sign-ins: 429 with Retry-After, before the
 * password was looked at. The error stays `invalid_grant` (RFC 6749 §5.2 has no code for it), so
 * OAuth clients treat it as a refused grant; the status and the description say to wait.
 */
function throttled(ctx: KoaContextWithOIDC, retryAfterSeconds: number) {
  const error = refusal(
    `too many failed sign-in attempts from this address; try again in ${Math.ceil(retryAfterSeconds / 60)} min`,
  );
  error.status = 429;
  error.statusCode = 429;
  ctx.set('Retry-After', String(retryAfterSeconds));
  return error;
}

export const PASSWORD_GRANT_PARAMETERS = ['username', 'password', 'scope'];

/**
 * `grant_type=password` for first-party scripts and apps (DESIGN §5). The credentials go through
 * the same sign-in service as the login page, so lockout and the security log apply; the tokens are
 * made as the built-in grants make them, so refresh, rotation and revocation work the same.
 */
export function createPasswordGrantHandler(verifier: PasswordVerifier, findAccount: FindAccount) {
  return async function passwordGrant(ctx: KoaContextWithOIDC): Promise<void> {
    const { client, params, provider } = ctx.oidc;
    if (!client) throw new errors.InvalidClient('client not found');
    const username = typeof params?.username === 'string' ? params.username : '';
    const password = typeof params?.password === 'string' ? params.password : '';
    if (!username || !password)
      throw new errors.InvalidRequest('missing required parameter(s) username, password');

    const requested = typeof params?.scope === 'string' && params.scope ? params.scope : OIDC_SCOPE;
    const allowed = new Set(OIDC_SCOPE.split(' '));
    const scopes = requested.split(' ').filter(Boolean);
    const unknown = scopes.filter((scope) => !allowed.has(scope));
    if (unknown.length) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));

    const result = await verifier.verifyPassword(username, password, {
      clientId: client.clientId,
      ip: ctx.ip || null,
      userAgent: ctx.get('user-agent') || null,
    });
    if (result.outcome === 'throttled') throw throttled(ctx, result.retryAfterSeconds ?? 60);
    if (result.outcome !== 'succeeded' || !result.userId) {
      throw refusal(REFUSALS[result.outcome] ?? 'sign-in failed');
    }
    const accountId = result.userId;
    const account = await findAccount(ctx, accountId);
    if (!account) throw refusal(REFUSALS.not_allowed!);
    ctx.oidc.entity('Account', account);

    const scope = scopes.join(' ');
    const grant = new provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    ctx.oidc.entity('Grant', grant);

    const authTime = Math.floor(Date.now() / 1000);
    const accessToken = new provider.AccessToken({ accountId, client, grantId, gty: 'password', scope });
    ctx.oidc.entity('AccessToken', accessToken);
    const accessTokenValue = await accessToken.save();

    let refreshTokenValue: string | undefined;
    if (scopes.includes('offline_access') && client.grantTypeAllowed('refresh_token')) {
      const refreshToken = new provider.RefreshToken({
        accountId,
        client,
        grantId,
        gty: 'password',
        scope,
        authTime,
        rotations: 0,
      });
      ctx.oidc.entity('RefreshToken', refreshToken);
      refreshTokenValue = await refreshToken.save();
    }

    let idTokenValue: string | undefined;
    if (scopes.includes('openid')) {
      const claims = await account.claims('id_token', scope, {}, []);
      const idToken = new provider.IdToken({ ...claims, auth_time: authTime }, { ctx });
      // The runtime reads `scope` to filter claims (as grant_common does); the typings omit it.
      (idToken as unknown as { scope: string }).scope = scope;
      idTokenValue = await idToken.issue({ use: 'idtoken' });
    }

    ctx.body = {
      access_token: accessTokenValue,
      expires_in: accessToken.expiration,
      token_type: 'Bearer',
      scope,
      ...(refreshTokenValue ? { refresh_token: refreshTokenValue } : {}),
      ...(idTokenValue ? { id_token: idTokenValue } : {}),
    };
  };
}
