import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
// The plain RouterProvider: under Node, `react-router/dom` loads a second copy of the router context.
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { isKnownPermission, type AppConfiguration } from '@homeward/contracts';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, renderWithSignIn } from '../auth/test-render';
import { createTestUserManager, signedInTestUserManager } from '../auth/test-sign-in';
import { stubViewportWidth } from '../layout/test-viewport';
import { appStore } from '../state/app-store';
import { appRouteObjects } from './app-router';
import { APP_ROUTES } from './routes';
import { SPEC_PATHS } from './spec-route-paths';

// The width the e2e journeys use: the navigation is docked beside the screen.
beforeEach(() => stubViewportWidth(1280));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  activateUserManager(undefined);
});

interface RenderOptions {
  settings?: Partial<AppConfiguration['settings']>;
  /** Permissions of a signed-in test user; without it the visitor is anonymous. */
  signedInWith?: string[];
  /** Runs before rendering: the provider binds some UserManager methods (revokeTokens) at mount. */
  beforeRender?(userManager: UserManager): void;
}

/** The shell below the bootstrap gate, with English texts in memory instead of fetched. */
async function renderAt(path: string, { settings = {}, signedInWith, beforeRender }: RenderOptions = {}) {
  const userManager = signedInWith
    ? await signedInTestUserManager({ sub: 'user-1' })
    : createTestUserManager();
  beforeRender?.(userManager);
  const configuration = configurationFor(signedInWith ? 'user-1' : null, signedInWith ?? [], settings);
  const router = createMemoryRouter(appRouteObjects, { initialEntries: [path] });
  await renderWithSignIn(<RouterProvider router={router} />, { userManager, configuration });
  return { userManager, router };
}

describe('route table', () => {
  it('has every path of the spec', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('keeps home, registration, login, contact, imprint, terms and the guides public', () => {
    const publicNames = APP_ROUTES.filter((route) => route.group === 'public').map((route) => route.name);
    expect(publicNames.sort()).toEqual([
      'contact',
      'guide',
      'guides',
      'home',
      'imprint',
      'login',
      'registration',
      'terms',
    ]);
  });
});

describe('app shell', () => {
  it('shows the home page with its two choices', async () => {
    await renderAt('/');
    expect((await screen.findByTestId('home-title')).textContent).toBe('Welcome to Homeward');
    expect(screen.getByTestId('home-login').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('home-register').getAttribute('href')).toBe('/registration');
  });

  it('shows a protected screen with its real title', async () => {
    await renderAt('/invoices', { signedInWith: ['Homeward.Invoices'] });
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Invoices');
  });

  it('opens detail screens by their id', async () => {
    await renderAt('/citizens/42', { signedInWith: ['Homeward.Citizens'] });
    // The citizen page (its own chunk) is there with its way back to the list.
    const back = (await screen.findByTestId('ArrowBackIcon')).closest('a');
    expect(back?.getAttribute('href')).toBe('/citizens');
  });

  it('shows the guides to an anonymous visitor, without a sign-in', async () => {
    await renderAt('/guides/connect-a-watch');
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Connect a watch');
    expect(screen.getByTestId('sign-in')).toBeTruthy();
  });

  it('shows the not-found screen with a way home for unknown paths', async () => {
    await renderAt('/no/such/screen');
    await screen.findByTestId('not-found');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
  });

  it('offers English and Dansk in the language switcher', async () => {
    await renderAt('/');
    fireEvent.click(await screen.findByTestId('language-switcher'));
    // The menu's chunk loads on the first click; the click opens it once it has.
    expect((await screen.findByTestId('language-option-en')).textContent).toBe('English');
    expect(screen.getByTestId('language-option-da').textContent).toBe('Dansk');
  });

  it('stores the chosen theme and paints it', async () => {
    await renderAt('/');
    fireEvent.click(await screen.findByTestId('theme-switcher'));
    fireEvent.click(await screen.findByTestId('theme-option-dark'));
    expect(appStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    appStore.setState({ theme: 'device' });
  });

  it('hides the theme switcher and stays light when configuration disables theming', async () => {
    appStore.setState({ theme: 'dark' });
    await renderAt('/', { settings: { themeSwitchingEnabled: false } });
    await screen.findByTestId('home-title');
    expect(screen.queryByTestId('theme-switcher')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
    appStore.setState({ theme: 'device' });
  });

  it('links the forum only when configured, and the privacy policy by language', async () => {
    await renderAt('/');
    await screen.findByTestId('side-nav');
    expect(screen.queryByTestId('nav-forum')).toBeNull();
    expect(screen.getByTestId('nav-privacy').getAttribute('href')).toBe('https://example.com/en');
    cleanup();
    await renderAt('/', { settings: { forumUrl: 'https://forum.example.com' } });
    expect((await screen.findByTestId('nav-forum')).getAttribute('href')).toBe('https://forum.example.com');
  });
});

describe('permissions of the route table', () => {
  it('names only known permissions, and every protected screen but the account ones has one', () => {
    const unguarded: string[] = [];
    for (const route of APP_ROUTES) {
      const permission = 'permission' in route ? route.permission : undefined;
      if (permission) expect(isKnownPermission(permission), route.name).toBe(true);
      else if (route.group === 'protected') unguarded.push(route.name);
    }
    expect(unguarded.sort()).toEqual(['account', 'accountTransfer']);
  });
});

describe('signed-in shell', () => {
  it('shows an anonymous visitor the sign-in button, the login entry and no protected entries', async () => {
    await renderAt('/');
    expect((await screen.findByTestId('sign-in')).textContent).toBe('Sign in');
    expect(screen.getByTestId('nav-login')).toBeTruthy();
    expect(screen.getByTestId('nav-imprint')).toBeTruthy();
    // The guides are public: Help leads an anonymous visitor to their help block (Docs is signed-in only).
    expect(screen.getByTestId('nav-help').getAttribute('href')).toBe('/guides#help');
    for (const hidden of ['nav-dashboard', 'nav-account', 'nav-guides', 'nav-logout', 'user-menu']) {
      expect(screen.queryByTestId(hidden), hidden).toBeNull();
    }
    // Sections left without entries show no empty heading.
    expect(screen.getByTestId('side-nav').textContent).not.toContain('Administration');
  });

  it('starts a sign-in from the top bar that continues to the dashboard', async () => {
    const { userManager } = await renderAt('/');
    const redirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue(undefined);
    fireEvent.click(await screen.findByTestId('sign-in'));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } }));
  });

  it('shows a signed-in user the entries they hold permissions for, their name and a logout entry', async () => {
    await renderAt('/', { signedInWith: ['Homeward.Devices', 'Homeward.Roles'] });
    expect((await screen.findByTestId('user-menu')).textContent).toBe('Test User');
    for (const shown of ['nav-devices', 'nav-roles', 'nav-account', 'nav-guides', 'nav-logout']) {
      expect(screen.getByTestId(shown), shown).toBeTruthy();
    }
    for (const hidden of [
      'nav-login',
      'nav-citizens',
      'nav-dashboard',
      'nav-tenants',
      'nav-billing',
      'sign-in',
    ]) {
      expect(screen.queryByTestId(hidden), hidden).toBeNull();
    }
    expect(screen.getByTestId('side-nav').textContent).toContain('Administration');
    expect(screen.getByTestId('side-nav').textContent).not.toContain('Enterprise');
  });

  it('offers billing only to whoever pays (Homeward.Billing), and "no access" to the others', async () => {
    await renderAt('/subscription/billing', { signedInWith: ['Homeward.Devices'] });
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByTestId('nav-billing')).toBeNull();
  });

  it('shows the billing entry to a household owner (Homeward.Billing)', async () => {
    await renderAt('/dashboard', { signedInWith: ['Homeward.Dashboard', 'Homeward.Billing'] });
    expect(await screen.findByTestId('nav-billing')).toBeTruthy();
  });

  it('shows "no access" on a protected screen the user holds no permission for', async () => {
    await renderAt('/tenants', { signedInWith: ['Homeward.Devices'] });
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByTestId('screen-title')).toBeNull();
  });

  it('signs out from the user menu: revokes the refresh token, then ends the provider session', async () => {
    let revoke!: MockInstance<UserManager['revokeTokens']>;
    const { userManager } = await renderAt('/', {
      signedInWith: [],
      beforeRender: (manager) => (revoke = vi.spyOn(manager, 'revokeTokens').mockResolvedValue(undefined)),
    });
    const signOut = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);

    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('sign-out'));

    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(revoke).toHaveBeenCalledWith(['refresh_token']);
    expect(revoke.mock.invocationCallOrder[0]).toBeLessThan(signOut.mock.invocationCallOrder[0]!);
    expect(signOut).toHaveBeenCalledWith({
      id_token_hint: 'id-user-1',
      post_logout_redirect_uri: 'http://localhost:3000/',
      state: { returnTo: '/' },
    });
  });

  it('still ends the session when revocation fails, and signs out from the logout entry too', async () => {
    const { userManager } = await renderAt('/', {
      signedInWith: [],
      beforeRender: (manager) =>
        vi.spyOn(manager, 'revokeTokens').mockRejectedValue(new Error('Failed to fetch')),
    });
    const signOut = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
    fireEvent.click(await screen.findByTestId('nav-logout'));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it('tells the user when sign-out fails', async () => {
    const { userManager } = await renderAt('/', {
      signedInWith: [],
      beforeRender: (manager) => vi.spyOn(manager, 'revokeTokens').mockResolvedValue(undefined),
    });
    vi.spyOn(userManager, 'signoutRedirect').mockRejectedValue(new Error('No end session endpoint'));
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('sign-out'));
    expect((await screen.findByTestId('notification')).textContent).toContain('No end session endpoint');
  });
});
