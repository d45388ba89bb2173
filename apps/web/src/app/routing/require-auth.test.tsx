import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from 'react-oidc-context';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInStateFromAuth } from '../auth/sign-in-provider';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, createTestI18n, renderWithSignIn } from '../auth/test-render';
import { createTestUserManager, signedInTestUserManager } from '../auth/test-sign-in';
import { createQueryClient } from '../query/query-client';
import { RequireAuth } from './require-auth';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  activateUserManager(undefined);
});

function guardedRouter(path: string) {
  return createMemoryRouter(
    [
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: '/devices', element: <p data-testid="devices-page">devices</p> },
          { path: '/account', element: <p data-testid="account-page">account</p> },
          { path: '/invoices', element: <p data-testid="invoices-page">invoices</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

describe('RequireAuth', () => {
  it('sends an anonymous visitor to sign in once, coming back to the same screen', async () => {
    const userManager = createTestUserManager();
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined);
    await renderWithSignIn(<RouterProvider router={guardedRouter('/devices?page=2')} />, {
      userManager,
      configuration: configurationFor(null),
    });

    expect((await screen.findByTestId('sign-in-redirecting')).textContent).toContain(
      'Redirecting to sign-in…',
    );
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/devices?page=2' } });
    expect(screen.queryByTestId('devices-page')).toBeNull();
  });

  it('sends a user whose token has expired to sign in', async () => {
    const userManager = await signedInTestUserManager({ expiresInSeconds: -5 });
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined);
    await renderWithSignIn(<RouterProvider router={guardedRouter('/account')} />, {
      userManager,
      configuration: configurationFor(null),
    });
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/account' } }));
    expect(screen.queryByTestId('account-page')).toBeNull();
  });

  it('offers a retry when the redirect to sign-in fails', async () => {
    const userManager = createTestUserManager();
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockRejectedValue(new Error('Failed to fetch'));
    await renderWithSignIn(<RouterProvider router={guardedRouter('/devices')} />, {
      userManager,
      configuration: configurationFor(null),
    });

    expect((await screen.findByTestId('sign-in-failed')).textContent).toContain('Sign-in failed');
    expect((await screen.findByTestId('notification')).textContent).toContain('Sign-in failed');
    expect(redirect).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('sign-in-retry'));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(2));
  });

  it('shows a signed-in user the screen when they hold its permission', async () => {
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    const redirect = vi.spyOn(userManager, 'signinRedirect');
    await renderWithSignIn(<RouterProvider router={guardedRouter('/devices')} />, {
      userManager,
      configuration: configurationFor('user-1', ['Homeward.Devices']),
    });
    expect(await screen.findByTestId('devices-page')).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('shows "no access" to a signed-in user without the permission', async () => {
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    await renderWithSignIn(<RouterProvider router={guardedRouter('/devices')} />, {
      userManager,
      configuration: configurationFor('user-1', ['Homeward.Citizens']),
    });
    expect((await screen.findByTestId('no-access')).textContent).toContain('No access');
    expect(screen.queryByTestId('devices-page')).toBeNull();
  });

  it('shows "no access" on a screen the tenant has switched off, and the screen when it is on', async () => {
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    const configuration = configurationFor('user-1', ['Homeward.Invoices']);
    await renderWithSignIn(<RouterProvider router={guardedRouter('/invoices')} />, {
      userManager,
      configuration: { ...configuration, features: { 'Homeward.Screens.Invoices': false } },
    });
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByTestId('invoices-page')).toBeNull();
    cleanup();

    await renderWithSignIn(<RouterProvider router={guardedRouter('/invoices')} />, {
      userManager,
      configuration: { ...configuration, features: { 'Homeward.Screens.Invoices': true } },
    });
    expect(await screen.findByTestId('invoices-page')).toBeTruthy();
  });

  it('needs no permission for screens that only need a signed-in user', async () => {
    const userManager = await signedInTestUserManager({ sub: 'user-1' });
    await renderWithSignIn(<RouterProvider router={guardedRouter('/account')} />, {
      userManager,
      configuration: configurationFor('user-1'),
    });
    expect(await screen.findByTestId('account-page')).toBeTruthy();
  });

  it('shows a spinner while the sign-in state loads', async () => {
    const userManager = createTestUserManager();
    vi.spyOn(userManager, 'getUser').mockReturnValue(new Promise(() => undefined));
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={await createTestI18n()}>
          <AuthProvider userManager={userManager}>
            <SignInStateFromAuth>
              <RouterProvider router={guardedRouter('/devices')} />
            </SignInStateFromAuth>
          </AuthProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('auth-loading')).toBeTruthy();
    expect(screen.queryByTestId('devices-page')).toBeNull();
  });
});
