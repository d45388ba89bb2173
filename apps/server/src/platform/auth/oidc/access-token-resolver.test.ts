import { EventEmitter } from 'node:events';
import type Provider from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { UserAuthorizationCache } from '../../permissions/user-authorization';
import type { Database } from '../../db/database';
import { createAccessTokenResolver } from './access-token-resolver';

interface StoredToken {
  accountId: string;
  grantId: string;
  clientId: string;
  scope: string;
  exp: number;
}

/**
 * The two things the resolver uses of oidc-provider: `AccessToken.find` over a token table the test
 * edits as the database would (a row deleted behind the provider's back, as SQL deletes do), and
 * its events. Each lookup is counted, so a cached answer shows.
 */
function providerOver(tokens: Map<string, StoredToken>) {
  const events = new EventEmitter();
  let lookups = 0;
  const provider = Object.assign(events, {
    AccessToken: {
      find: async (token: string) => {
        lookups += 1;
        const found = tokens.get(token);
        return found ? { ...found, isExpired: false } : undefined;
      },
    },
  });
  return { provider: provider as unknown as Provider, lookups: () => lookups };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('createAccessTokenResolver', () => {
  it('answers a token from its cache until the token’s grant is revoked', async () => {
    const tokens = new Map([
      [
        'token-a',
        { accountId: 'user-1', grantId: 'grant-1', clientId: 'web', scope: 'openid', exp: inAnHour() },
      ],
    ]);
    const { provider, lookups } = providerOver(tokens);
    const resolver = createAccessTokenResolver(provider);
    expect((await resolver.resolve('token-a'))?.accountId).toBe('user-1');
    tokens.delete('token-a');
    // Deleted in the database, still cached: one lookup for two answers.
    expect((await resolver.resolve('token-a'))?.accountId).toBe('user-1');
    expect(lookups()).toBe(1);
    resolver.forget('grant-1');
    expect(await resolver.resolve('token-a')).toBeUndefined();
  });

  it('forgets an account’s tokens, and only theirs, when this node invalidates the user', async () => {
    const tokens = new Map([
      ['old-owner', { accountId: 'user-1', grantId: 'grant-1', clientId: 'web', scope: '', exp: inAnHour() }],
      ['member', { accountId: 'user-2', grantId: 'grant-2', clientId: 'web', scope: '', exp: inAnHour() }],
    ]);
    const { provider, lookups } = providerOver(tokens);
    const resolver = createAccessTokenResolver(provider);
    const authorizations = new UserAuthorizationCache({} as Database);
    authorizations.onInvalidate(resolver.forgetAccount);
    await resolver.resolve('old-owner');
    await resolver.resolve('member');
    // Her sign-ins end in the database (an account transfer); the notice has not come back yet.
    tokens.delete('old-owner');
    authorizations.invalidate('user-1');
    expect(await resolver.resolve('old-owner')).toBeUndefined();
    expect((await resolver.resolve('member'))?.accountId).toBe('user-2');
    expect(lookups()).toBe(3);
  });
});
