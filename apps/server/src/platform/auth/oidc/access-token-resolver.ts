import type Provider from 'oidc-provider';
import type { AccessTokenInfo, AccessTokenResolver } from '../request-auth';

/**
 * Resolves opaque access tokens through the provider (DESIGN §5), so revocation and logout take
 * effect: a destroyed token is simply not found. Positive answers are cached briefly; the cache is
 * cleared when the provider destroys a token or revokes a grant in this process.
 */
export function createAccessTokenResolver(provider: Provider, ttlMs = 5000, now: () => number = Date.now) {
  const cache = new Map<string, { info: AccessTokenInfo; expiresAt: number }>();
  provider.on('access_token.destroyed', () => cache.clear());
  provider.on('grant.revoked', () => cache.clear());

  const resolve: AccessTokenResolver = async (token) => {
    const cached = cache.get(token);
    if (cached && cached.expiresAt > now()) return cached.info;
    cache.delete(token);
    const found = await provider.AccessToken.find(token).catch(() => undefined);
    if (!found || found.isExpired || !found.accountId) return undefined;
    const info: AccessTokenInfo = {
      accountId: found.accountId,
      clientId: found.clientId ?? '',
      scope: found.scope ?? '',
    };
    const tokenExpiresAt = (found.exp ?? 0) * 1000;
    cache.set(token, { info, expiresAt: Math.min(now() + ttlMs, tokenExpiresAt) });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return info;
  };
  return resolve;
}
