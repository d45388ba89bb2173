import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { ErrorResponse } from 'oidc-client-ts';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { activateUserManager } from './sign-in-session';
import { configurationFor, renderWithSignIn } from './test-render';
import { createTestUserManager, signedInTestUserManager, testUser } from './test-sign-in';
import { useReturnAfterSignIn } from './use-return-after-sign-in';
import { useIsAuthenticated } from './use-is-authenticated';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  activateUserManager(undefined);
  window.history.replaceState(null, '', '/');
});

function AuthStatus() {
  const authenticated = useIsAuthenticated();
  return <p data-testid="auth-status">{authenticated ? 'signed-in' : 'anonymous'}</p>;
}

/** Answers the configuration call as the server does: the token's user, or anonymous without one. */
function stubConfigurationServer(permissions: string[] = []) {
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    const authorization = new Headers(init?.headers).get('Authorization');
    const userId = authorization?.replace(/^Bearer access-/, '') ?? null;
    return Response.json(configurationFor(userId, permissions));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SignInProvider', () => {
  it('holds the app back until the configuration describes the stored user, fetched with their token', async () => {
    const fetchMock = stubConfigurationServer(['Homeward.Devices']);
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    const { queryClient } = await renderWithSignIn(<AuthStatus />, {
      userManager,
      configuration: configurationFor(null),
    });

    expect(screen.getByTestId('sign-in-loading')).toBeTruthy();
    expect((await screen.findByTestId('auth-status')).textContent).toBe('signed-in');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer access-user-1',
    );
    const configuration = queryClient.getQueryData(appConfigurationQueryOptions.queryKey);
    expect(configuration?.currentUser?.id).toBe('user-1');
    expect(configuration?.grantedPolicies).toEqual({ 'Homeward.Devices': true });
  });

  it('does not refetch when the configuration already describes the visitor', async () => {
    const fetchMock = stubConfigurationServer();
    await renderWithSignIn(<AuthStatus />, {
      userManager: createTestUserManager(),
      configuration: configurationFor(null),
    });
    expect((await screen.findByTestId('auth-status')).textContent).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forgets a stored user whose token the server no longer accepts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(configurationFor(null))),
    );
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    await renderWithSignIn(<AuthStatus />, { userManager, configuration: configurationFor(null) });
    await waitFor(() => expect(screen.getByTestId('auth-status').textContent).toBe('anonymous'));
    expect(await userManager.getUser()).toBeNull();
  });

  it('refreshes the configuration when the token is renewed and forgets a user signed out elsewhere', async () => {
    const fetchMock = stubConfigurationServer();
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    await renderWithSignIn(<AuthStatus />, { userManager, configuration: configurationFor('user-1') });
    expect((await screen.findByTestId('auth-status')).textContent).toBe('signed-in');
    expect(fetchMock).not.toHaveBeenCalled();

    // What a silent renewal does: store the new tokens and raise "user loaded".
    await act(async () => {
      await userManager.storeUser(testUser({ sub: 'user-1' }));
      await userManager.events.load(testUser({ sub: 'user-1' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());

    // What the session monitor raises when the provider session ended in another tab.
    await act(async () => {
      await userManager.events._raiseUserSignedOut();
    });
    await waitFor(() => expect(screen.getByTestId('auth-status').textContent).toBe('anonymous'));
    expect(await userManager.getUser()).toBeNull();
  });
});

describe('silent renewal errors', () => {
  it('tells the user when a silent renewal fails, but not when the session is merely anonymous', async () => {
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    await renderWithSignIn(<AuthStatus />, { userManager, configuration: configurationFor('user-1') });
    await screen.findByTestId('auth-status');

    await act(async () => {
      await userManager.events._raiseSilentRenewError(new ErrorResponse({ error: 'login_required' }));
    });
    expect(screen.queryByTestId('notification')).toBeNull();

    await act(async () => {
      await userManager.events._raiseSilentRenewError(new Error('Failed to fetch'));
    });
    expect((await screen.findByTestId('notification')).textContent).toContain('Sign-in failed');
  });
});

describe('sign-in callback', () => {
  function CurrentPath() {
    useReturnAfterSignIn();
    const location = useLocation();
    return <p data-testid="router-path">{location.pathname + location.search}</p>;
  }

  function renderRouter() {
    const router = createMemoryRouter([{ path: '*', element: <CurrentPath /> }], {
      initialEntries: ['/?code=abc&state=s1'],
    });
    return <RouterProvider router={router} />;
  }

  it('completes the sign-in, reduces the address to the bare path and returns to the stored path', async () => {
    stubConfigurationServer();
    window.history.replaceState(null, '', '/?code=abc&state=s1');
    const userManager = createTestUserManager();
    const signedIn = testUser({ sub: 'user-2' });
    Object.defineProperty(signedIn, 'state', { value: { returnTo: '/devices?page=2' } });
    const callback = vi.spyOn(userManager, 'signinCallback').mockImplementation(async () => {
      await userManager.storeUser(signedIn);
      return signedIn;
    });

    await renderWithSignIn(
      <>
        <AuthStatus />
        {renderRouter()}
      </>,
      { userManager, configuration: configurationFor(null) },
    );

    await waitFor(() => expect(screen.getByTestId('router-path').textContent).toBe('/devices?page=2'));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('auth-status').textContent).toBe('signed-in');
  });

  it('shows the translated text of a failed sign-in', async () => {
    window.history.replaceState(null, '', '/?code=abc&state=s1');
    const userManager = createTestUserManager();
    vi.spyOn(userManager, 'signinCallback').mockRejectedValue(new Error('State does not match'));

    await renderWithSignIn(
      <>
        <AuthStatus />
        {renderRouter()}
      </>,
      { userManager, configuration: configurationFor(null) },
    );

    expect((await screen.findByTestId('notification')).textContent).toContain('State does not match');
    expect(screen.getByTestId('auth-status').textContent).toBe('anonymous');
    // The unusable answer is dropped from the address, so a reload does not fail again.
    await waitFor(() => expect(screen.getByTestId('router-path').textContent).toBe('/'));
    expect(window.location.search).toBe('');
  });

  it('treats login_required as an anonymous session without a message', async () => {
    window.history.replaceState(null, '', '/?error=login_required&state=s1');
    const userManager = createTestUserManager();
    const callback = vi
      .spyOn(userManager, 'signinCallback')
      .mockRejectedValue(new ErrorResponse({ error: 'login_required' }));

    await renderWithSignIn(<AuthStatus />, { userManager, configuration: configurationFor(null) });

    expect((await screen.findByTestId('auth-status')).textContent).toBe('anonymous');
    expect(callback).toHaveBeenCalled();
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('leaves an address without a callback alone', async () => {
    window.history.replaceState(null, '', '/devices?state=kept');
    const userManager = createTestUserManager();
    const callback = vi.spyOn(userManager, 'signinCallback');
    const signOutCallback = vi.spyOn(userManager, 'signoutCallback');
    await renderWithSignIn(<AuthStatus />, { userManager, configuration: configurationFor(null) });
    await screen.findByTestId('auth-status');
    expect(callback).not.toHaveBeenCalled();
    expect(signOutCallback).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?state=kept');
  });
});
