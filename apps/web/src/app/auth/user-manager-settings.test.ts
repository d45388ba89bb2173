import { WebStorageStateStore, UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { TEST_SIGN_IN } from './test-sign-in';
import { POPUP_SIGN_IN_ARGS, buildUserManagerSettings, isSameSite } from './user-manager-settings';

describe('buildUserManagerSettings', () => {
  it('matches the spec values for the branded origin', () => {
    const settings = buildUserManagerSettings(TEST_SIGN_IN, 'http://localhost:3000');
    expect(settings).toMatchObject({
      authority: 'http://localhost:3000/connect',
      client_id: 'branded',
      redirect_uri: 'http://localhost:3000/',
      post_logout_redirect_uri: 'http://localhost:3000/',
      silent_redirect_uri: 'http://localhost:3000/silent-renew.html',
      popup_redirect_uri: 'http://localhost:3000/silent-renew.html',
      popup_post_logout_redirect_uri: 'http://localhost:3000/silent-renew.html',
      response_type: 'code',
      scope: 'openid profile email phone offline_access homeward',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      monitorSession: true,
      checkSessionIntervalInSeconds: 2,
      popupWindowFeatures: { height: 640 },
      redirectMethod: 'assign',
      staleStateAgeInSeconds: 900,
      revokeTokenTypes: ['access_token', 'refresh_token'],
    });
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
    expect(POPUP_SIGN_IN_ARGS.popupAbortOnClose).toBe(true);
  });

  it('chooses the plug-and-play client and its addresses on its origin', () => {
    const settings = buildUserManagerSettings(TEST_SIGN_IN, 'http://127.0.0.1:3000');
    expect(settings.client_id).toBe('plug-and-play');
    expect(settings.redirect_uri).toBe('http://127.0.0.1:3000/');
    expect(settings.silent_redirect_uri).toBe('http://127.0.0.1:3000/silent-renew.html');
    // The provider (localhost) is another site: its session cookie never reaches a check-session
    // frame on this page, so monitoring would end every session at once.
    expect(settings.monitorSession).toBe(false);
  });

  it('monitors the session only where the provider is the same site', () => {
    expect(isSameSite('http://localhost:3000/connect', 'http://localhost:3000')).toBe(true);
    expect(isSameSite('http://127.0.0.1:3000/connect', 'http://127.0.0.1:4000')).toBe(true);
    expect(isSameSite('https://auth.homeward.example/connect', 'https://app.homeward.example')).toBe(true);
    expect(isSameSite('http://localhost:3000/connect', 'http://127.0.0.1:3000')).toBe(false);
    expect(isSameSite('https://homeward.example/connect', 'https://private.example')).toBe(false);
    expect(isSameSite('https://homeward.example/connect', 'http://homeward.example')).toBe(false);
  });

  it('stores the signed-in user in local storage under oidc.user:<authority>:<client_id>', async () => {
    localStorage.clear();
    const userManager = new UserManager(buildUserManagerSettings(TEST_SIGN_IN, 'http://localhost:3000'));
    const { testUser } = await import('./test-sign-in');
    await userManager.storeUser(testUser());
    expect(Object.keys(localStorage)).toContain('oidc.user:http://localhost:3000/connect:branded');
    expect(sessionStorage.length).toBe(0);
    localStorage.clear();
  });
});
