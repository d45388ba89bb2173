import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../layout/user-menu';
import { NotificationProvider } from '../notifications/notification-provider';
import { RequireAuth } from '../routing/require-auth';
import { AnonymousSignInProvider } from './anonymous-sign-in-provider';
import { activateUserManager } from './sign-in-session';
import { createTestI18n } from './test-render';
import { TEST_SIGN_IN, createTestUserManager } from './test-sign-in';
import { useIsAuthenticated } from './use-is-authenticated';
import { useSignInWith } from './use-sign-in-actions';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  activateUserManager(undefined);
});

/** A sign-in client whose chunk arrives when the test says so. */
function deferredClient(userManager: UserManager) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const chunk = new Promise<void>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const loadClient = vi.fn(async () => {
    await chunk;
    return { userManagerFor: () => userManager };
  });
  return { loadClient, arrive: () => act(async () => arrive()), fail };
}

function AuthStatus() {
  return <p data-testid="auth-status">{useIsAuthenticated() ? 'signed-in' : 'anonymous'}</p>;
}

async function renderAnonymous(
  path: string,
  routes: { path: string; element: ReactNode }[],
  loadClient: () => Promise<{ userManagerFor(): UserManager }>,
) {
  const router = createMemoryRouter([{ element: <Outlet />, children: routes }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={await createTestI18n()}>
      <NotificationProvider>
        <AnonymousSignInProvider signIn={TEST_SIGN_IN} loadClient={loadClient}>
          <RouterProvider router={router} />
        </AnonymousSignInProvider>
      </NotificationProvider>
    </I18nextProvider>,
  );
}

describe('AnonymousSignInProvider', () => {
  it('shows an anonymous visitor the app at once, without loading the sign-in client', async () => {
    const client = deferredClient(createTestUserManager());
    await renderAnonymous('/', [{ path: '/', element: <AuthStatus /> }], client.loadClient);
    expect(screen.getByTestId('auth-status').textContent).toBe('anonymous');
    expect(client.loadClient).not.toHaveBeenCalled();
  });

  it('loads the client on the sign-in click, keeps the button busy meanwhile, then redirects once', async () => {
    const userManager = createTestUserManager();
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined);
    const client = deferredClient(userManager);
    await renderAnonymous('/', [{ path: '/', element: <UserMenu /> }], client.loadClient);

    const button = await screen.findByTestId('sign-in');
    fireEvent.click(button);
    expect(client.loadClient).toHaveBeenCalledTimes(1);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // A second click while the chunk loads starts nothing more.
    fireEvent.click(button);
    expect(client.loadClient).toHaveBeenCalledTimes(1);
    expect(redirect).not.toHaveBeenCalled();

    await client.arrive();
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } });
  });

  it('sends a visitor of a protected screen to sign in, coming back to it', async () => {
    const userManager = createTestUserManager();
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined);
    const client = deferredClient(userManager);
    await renderAnonymous(
      '/devices?page=2',
      [{ path: '/devices', element: <RequireAuth>devices</RequireAuth> }],
      client.loadClient,
    );

    expect((await screen.findByTestId('sign-in-redirecting')).textContent).toContain(
      'Redirecting to sign-in…',
    );
    await client.arrive();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/devices?page=2' } }));
  });

  it('says in the user’s language when the client cannot be loaded, and the guard offers a retry', async () => {
    const client = deferredClient(createTestUserManager());
    await renderAnonymous(
      '/devices',
      [{ path: '/devices', element: <RequireAuth>devices</RequireAuth> }],
      client.loadClient,
    );
    await screen.findByTestId('sign-in-redirecting');
    await act(async () => client.fail(new TypeError('Failed to fetch dynamically imported module')));

    expect((await screen.findByTestId('notification')).textContent).toContain('Sign-in failed');
    expect((await screen.findByTestId('sign-in-failed')).textContent).toContain('Sign-in failed');
    fireEvent.click(screen.getByTestId('sign-in-retry'));
    await waitFor(() => expect(client.loadClient).toHaveBeenCalledTimes(2));
  });

  it('signs in in a popup window that aborts on close (spec), then loads the app again where it leads', async () => {
    const userManager = createTestUserManager();
    const user = { profile: { sub: 'user-1' } } as Awaited<ReturnType<UserManager['signinPopup']>>;
    const popup = vi.spyOn(userManager, 'signinPopup').mockResolvedValue(user);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderAnonymous('/login', [{ path: '/login', element: <SignInButtons /> }], async () => ({
      userManagerFor: () => userManager,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'popup' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(popup).toHaveBeenCalledWith({ popupAbortOnClose: true });
    vi.unstubAllGlobals();
  });

  it('says "Popup closed or blocked by user" when the popup is closed, and stays anonymous on the page', async () => {
    const userManager = createTestUserManager();
    vi.spyOn(userManager, 'signinPopup').mockRejectedValue(new Error('Popup closed by user'));
    await renderAnonymous('/login', [{ path: '/login', element: <SignInButtons /> }], async () => ({
      userManagerFor: () => userManager,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'popup' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Popup closed or blocked by user',
    );
    expect(screen.getByTestId('auth-status').textContent).toBe('anonymous');
  });

  it('treats login_required from a silent sign-in as an anonymous visitor, telling them there is no session', async () => {
    const userManager = createTestUserManager();
    vi.spyOn(userManager, 'signinSilent').mockRejectedValue(
      new ErrorResponse({
        error: 'login_required',
        error_description: 'End-User authentication is required',
      }),
    );
    await renderAnonymous('/login', [{ path: '/login', element: <SignInButtons /> }], async () => ({
      userManagerFor: () => userManager,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'silent' }));
    const notice = await screen.findByTestId('notification');
    expect(notice.textContent).toContain('You are not signed in at the sign-in service.');
    expect(notice.textContent).not.toContain('failed');
    expect(screen.getByTestId('auth-status').textContent).toBe('anonymous');
  });

  it('says "IFrame timed out" when a silent sign-in gets no answer in time', async () => {
    const userManager = createTestUserManager();
    vi.spyOn(userManager, 'signinSilent').mockRejectedValue(new Error('IFrame timed out without a response'));
    await renderAnonymous('/login', [{ path: '/login', element: <SignInButtons /> }], async () => ({
      userManagerFor: () => userManager,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'silent' }));
    expect((await screen.findByTestId('notification')).textContent).toContain('IFrame timed out');
  });
});

/** The two other ways in, as the sign-in panel offers them. */
function SignInButtons() {
  const signInWith = useSignInWith();
  return (
    <>
      <AuthStatus />
      <button onClick={() => void signInWith.popup()}>popup</button>
      <button onClick={() => void signInWith.silent()}>silent</button>
    </>
  );
}
