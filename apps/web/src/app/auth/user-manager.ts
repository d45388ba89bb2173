import { UserManager } from 'oidc-client-ts';
import type { SignInSettings } from '@homeward/contracts';
import { activateUserManager } from './sign-in-session';
import { buildUserManagerSettings } from './user-manager-settings';

let cached: { key: string; userManager: UserManager } | undefined;

/**
 * The page's UserManager for these sign-in settings, created once. The configuration is refetched
 * after every sign-in change, so the same settings arrive many times and must not create a second
 * manager (which would run a second silent renewal and session monitor).
 */
export function userManagerFor(signIn: SignInSettings, origin: string = window.location.origin): UserManager {
  const settings = buildUserManagerSettings(signIn, origin);
  const key = JSON.stringify([settings.authority, settings.client_id, settings.scope, origin]);
  if (cached?.key !== key) {
    cached?.userManager.stopSilentRenew();
    cached = { key, userManager: new UserManager(settings) };
    activateUserManager(cached.userManager);
  }
  return cached.userManager;
}
