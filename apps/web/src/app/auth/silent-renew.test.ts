import { ErrorTimeout, InMemoryWebStorage, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SILENT_RENEW_RETRY_SECONDS } from '@homeward/contracts';
import { TEST_ORIGIN, TEST_SIGN_IN, testUser } from './test-sign-in';
import { buildUserManagerSettings } from './user-manager-settings';

/*
 * Spec §4: silent renewal runs when the access token nears expiry; a timeout is retried after 5 s;
 * other errors raise a silent-renew error. oidc-client-ts does this itself with our settings; these
 * tests pin that behaviour so a library upgrade cannot change it unnoticed.
 */

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function userManagerWithExpiringToken() {
  const settings = buildUserManagerSettings(TEST_SIGN_IN, TEST_ORIGIN, new InMemoryWebStorage());
  const userManager = new UserManager({ ...settings, monitorSession: false });
  const renewErrors = vi.fn();
  userManager.events.addSilentRenewError(renewErrors);
  // 61 s left: the "expiring" notice (60 s before expiry) is due in one second.
  const user = testUser({ expiresInSeconds: 61 });
  await userManager.storeUser(user);
  await userManager.events.load(user);
  return { userManager, renewErrors };
}

describe('automatic silent renewal', () => {
  it('renews 60 s before expiry and retries a timeout after 5 s without raising an error', async () => {
    vi.useFakeTimers();
    const { userManager, renewErrors } = await userManagerWithExpiringToken();
    const signinSilent = vi
      .spyOn(userManager, 'signinSilent')
      .mockRejectedValueOnce(new ErrorTimeout('IFrame timed out without a response'))
      .mockResolvedValueOnce(null);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(signinSilent).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(SILENT_RENEW_RETRY_SECONDS * 1_000 - 1_000);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signinSilent).toHaveBeenCalledTimes(2);
    expect(renewErrors).not.toHaveBeenCalled();
    userManager.stopSilentRenew();
  });

  it('raises a silent-renew error for anything but a timeout', async () => {
    vi.useFakeTimers();
    const { userManager, renewErrors } = await userManagerWithExpiringToken();
    const failure = new Error('invalid_grant');
    vi.spyOn(userManager, 'signinSilent').mockRejectedValue(failure);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(renewErrors).toHaveBeenCalledWith(failure);
    userManager.stopSilentRenew();
  });
});
