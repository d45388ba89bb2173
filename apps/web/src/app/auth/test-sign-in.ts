import { InMemoryWebStorage, User, UserManager } from 'oidc-client-ts';
import type { SignInSettings } from '@homeward/contracts';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { activateUserManager } from './sign-in-session';
import { buildUserManagerSettings } from './user-manager-settings';

/*
 * Test support for screens behind sign-in: a real UserManager over an in-memory store, with the
 * provider's metadata given so nothing is fetched, and no background timers (silent renew,
 * session monitor). Wrap a screen in `SignInProvider userManager={...}` to render it signed in.
 */

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_SIGN_IN: SignInSettings = testAppConfiguration().settings.signIn;

export function createTestUserManager(): UserManager {
  const settings = buildUserManagerSettings(TEST_SIGN_IN, TEST_ORIGIN, new InMemoryWebStorage());
  const authority = settings.authority;
  const userManager = new UserManager({
    ...settings,
    automaticSilentRenew: false,
    monitorSession: false,
    metadata: {
      issuer: authority,
      authorization_endpoint: `${authority}/auth`,
      token_endpoint: `${authority}/token`,
      revocation_endpoint: `${authority}/token/revocation`,
      userinfo_endpoint: `${authority}/me`,
      end_session_endpoint: `${authority}/session/end`,
    },
  });
  activateUserManager(userManager);
  return userManager;
}

export interface TestUserOptions {
  sub?: string;
  name?: string;
  /** Negative for an expired token. */
  expiresInSeconds?: number;
}

export function testUser({
  sub = 'user-1',
  name = 'Test User',
  expiresInSeconds = 3600,
}: TestUserOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    access_token: `access-${sub}`,
    refresh_token: `refresh-${sub}`,
    id_token: `id-${sub}`,
    token_type: 'Bearer',
    scope: TEST_SIGN_IN.scope,
    session_state: null,
    expires_at: now + expiresInSeconds,
    profile: {
      sub,
      name,
      iss: TEST_SIGN_IN.authority,
      aud: 'branded',
      exp: now + expiresInSeconds,
      iat: now,
    },
  });
}

/** A test UserManager with `user` already signed in (stored), as after a completed sign-in. */
export async function signedInTestUserManager(options: TestUserOptions = {}): Promise<UserManager> {
  const userManager = createTestUserManager();
  await userManager.storeUser(testUser(options));
  return userManager;
}
