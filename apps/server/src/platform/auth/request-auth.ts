import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import type { UserAuthorization, UserAuthorizationCache } from '../permissions/user-authorization';

/**
 * What a route needs: `public` (anyone; a valid token still identifies the caller), `authenticated`
 * (any signed-in user) or a permission name from the catalogue (`Homeward.Users.Create`).
 */
export type RoutePermission = 'public' | 'authenticated' | `Homeward.${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every `/api` route declares it; start-up fails for one that does not. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null for an anonymous request. */
    auth: RequestAuth | null;
  }
}

/** The caller as the access token and the database describe them. */
export interface RequestAuth extends UserAuthorization {
  clientId: string;
  scope: string;
}

/** What the sign-in provider knows of a bearer token: whose it is, for which client and scope. */
export interface AccessTokenInfo {
  accountId: string;
  clientId: string;
  scope: string;
}
export type AccessTokenResolver = (token: string) => Promise<AccessTokenInfo | undefined>;

/** Paths under /api that are not API operations (the docs UI registers its own routes). */
const UNDECLARED_PREFIXES = ['/api/docs'];

export interface RequestAuthOptions {
  resolveAccessToken: AccessTokenResolver;
  authorizations: UserAuthorizationCache;
}

/**
 * Installs authentication and authorization on the root instance, before any route registers:
 * every `/api` route must declare `config.permission`, and each request is checked against it.
 * No token or a bad token on a protected route is 401; a missing permission is 403.
 */
export function installRequestAuth(app: FastifyInstance, options: RequestAuthOptions): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      UNDECLARED_PREFIXES.some((prefix) => route.url.startsWith(prefix))
    ) {
      return;
    }
    if (!route.config?.permission) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no permission (config.permission)`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    request.auth = await authenticate(request, options);
    if (permission === 'public') return;
    if (!request.auth) throw new DomainError('unauthorized');
    if (permission !== 'authenticated' && !request.auth.permissions.has(permission)) {
      throw new DomainError('forbidden', undefined, permission);
    }
  });
}

async function authenticate(
  request: FastifyRequest,
  options: RequestAuthOptions,
): Promise<RequestAuth | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return null;
  return authenticateAccessToken(match[1]!, options);
}

/** The active user an access token belongs to, or null (unknown, expired or revoked token). */
export async function authenticateAccessToken(
  accessToken: string,
  options: RequestAuthOptions,
): Promise<RequestAuth | null> {
  const token = await options.resolveAccessToken(accessToken);
  if (!token) return null;
  const authorization = await options.authorizations.get(token.accountId);
  if (!authorization?.isActive) return null;
  return { ...authorization, clientId: token.clientId, scope: token.scope };
}

/** The signed-in caller of a route that declared `authenticated` or a permission. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new DomainError('unauthorized');
  return request.auth;
}
