import type Provider from 'oidc-provider';
import type { DatabaseHandle } from '../../db/database';
import type { AccessTokenInfo, AccessTokenResolver } from '../request-auth';
import { listenForTokenRevocations, type RevokedGrant } from './token-revocation-notices';

/** How long a positive lookup is trusted without asking the database again. */
export const ACCESS_TOKEN_CACHE_MS = 5000;
const MAX_CACHED = 10_000;

interface CachedToken {
  info: AccessTokenInfo;
  grantId: string | undefined;
  expiresAt: number;
}

export interface AccessTokenCache {
  resolve: AccessTokenResolver;
  /** Drops the cached lookups of a grant's tokens; null drops them all. */
  forget(grant: RevokedGrant): void;
  /**
   * Drops the cached lookups of one account's tokens (undefined: everyone's): this node's own
   * change (an account transfer ending the old owner's sign-ins) is seen by its very next request,
   * before the revocation notice comes back from the database.
   */
  forgetAccount(accountId: string | undefined): void;
}

/**
 * Resolves opaque access tokens through the provider (DESIGN §5), so revocation and logout take
 * effect: a destroyed token is simply not found. Positive answers are cached briefly; a revocation
 * in this process drops the grant's entries before the provider answers (its events), and one on
 * any node drops them when its notice arrives (`startAccessTokenResolver`).
 */
export function createAccessTokenResolver(
  provider: Provider,
  ttlMs = ACCESS_TOKEN_CACHE_MS,
  now: () => number = Date.now,
): AccessTokenCache {
  const cache = new Map<string, CachedToken>();
  // Counts revocations heard; a lookup that overlapped one is answered but not cached, since it
  // may have read the token before it was deleted.
  let revocations = 0;
  const forget = (grant: RevokedGrant) => {
    revocations += 1;
    if (grant === null) return cache.clear();
    for (const [token, entry] of cache) if (entry.grantId === grant) cache.delete(token);
  };
  const forgetAccount = (accountId: string | undefined) => {
    revocations += 1;
    if (accountId === undefined) return cache.clear();
    for (const [token, entry] of cache) if (entry.info.accountId === accountId) cache.delete(token);
  };
  provider.on('access_token.destroyed', (token: { grantId?: string }) => forget(token.grantId ?? null));
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => forget(grantId));

  const resolve: AccessTokenResolver = async (token) => {
    const cached = cache.get(token);
    if (cached && cached.expiresAt > now()) return cached.info;
    cache.delete(token);
    const heardBefore = revocations;
    const found = await provider.AccessToken.find(token).catch(() => undefined);
    if (!found || found.isExpired || !found.accountId) return undefined;
    const info: AccessTokenInfo = {
      accountId: found.accountId,
      clientId: found.clientId ?? '',
      scope: found.scope ?? '',
    };
    if (revocations !== heardBefore) return info;
    const tokenExpiresAt = (found.exp ?? 0) * 1000;
    cache.set(token, { info, grantId: found.grantId, expiresAt: Math.min(now() + ttlMs, tokenExpiresAt) });
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    return info;
  };
  return { resolve, forget, forgetAccount };
}

/**
 * The resolver of one API node, listening for the revocation notices of every node. `onNotice`
 * is told after each notice has been applied (tests wait for it). `stop` ends the listening.
 */
export async function startAccessTokenResolver(
  provider: Provider,
  database: Pick<DatabaseHandle, 'listen'>,
  onNotice?: (grant: RevokedGrant) => void,
): Promise<{
  resolve: AccessTokenResolver;
  forgetAccount: AccessTokenCache['forgetAccount'];
  stop: () => Promise<void>;
}> {
  const tokens = createAccessTokenResolver(provider);
  const stop = await listenForTokenRevocations(database, (grant) => {
    tokens.forget(grant);
    onNotice?.(grant);
  });
  return { resolve: tokens.resolve, forgetAccount: tokens.forgetAccount, stop };
}
