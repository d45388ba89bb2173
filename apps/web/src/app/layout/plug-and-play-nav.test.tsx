import { act, cleanup, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, renderWithSignIn } from '../auth/test-render';
import { signedInTestUserManager } from '../auth/test-sign-in';
import { appStore } from '../state/app-store';
import { SideNav } from './side-nav';
import { stubViewportWidth } from './test-viewport';

/** A household owner's grants, plus staff permissions a role might wrongly carry. */
const OWNER_PERMISSIONS = [
  'Homeward.Dashboard',
  'Homeward.Citizens',
  'Homeward.Devices',
  'Homeward.Geofences',
  'Homeward.Alarms',
  'Homeward.HouseholdMembers',
  'Homeward.Billing',
  'Homeward.Invoices',
  'Homeward.Organizations',
  'Homeward.Customers',
];

beforeEach(() => stubViewportWidth(1280));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  act(() => appStore.setState({ menuOpen: false }));
  activateUserManager(undefined);
});

async function renderNav(isPlugAndPlay: boolean, forumUrl?: string) {
  const userManager = await signedInTestUserManager({ sub: 'user-1' });
  const configuration = {
    ...configurationFor('user-1', OWNER_PERMISSIONS, { forumUrl }),
    isPlugAndPlay,
  };
  const router = createMemoryRouter([{ path: '*', element: <SideNav /> }], { initialEntries: ['/'] });
  await renderWithSignIn(<RouterProvider router={router} />, { userManager, configuration });
  await screen.findByTestId('nav-dashboard');
  return screen.getByTestId('side-nav');
}

const entryKeys = (nav: HTMLElement) =>
  [...nav.querySelectorAll('[data-testid^="nav-"]')].map((entry) =>
    entry.getAttribute('data-testid')!.slice('nav-'.length),
  );

describe('the plug-and-play navigation', () => {
  it('has the household’s entries only: general, subscription (account, billing), users, docs, help, logout', async () => {
    const nav = await renderNav(true);
    expect(entryKeys(nav)).toEqual([
      'dashboard',
      'citizens',
      'devices',
      'users',
      'account',
      'billing',
      'guides',
      'help',
      'logout',
      'privacy',
    ]);
    for (const municipality of ['organizations', 'customers', 'invoices', 'tenants', 'wifi', 'geofence']) {
      expect(screen.queryByTestId(`nav-${municipality}`)).toBeNull();
    }
    expect(within(nav).queryByText(/enterprise/i)).toBeNull();
    expect(within(nav).queryByText(/administration/i)).toBeNull();
  });

  it('links the forum when one is configured', async () => {
    const nav = await renderNav(true, 'https://forum.example.com/');
    const forum = within(nav).getByTestId('nav-forum');
    expect(forum.getAttribute('href')).toBe('https://forum.example.com/');
    expect(entryKeys(nav)).toContain('help');
  });

  it('leaves the municipality navigation as it is', async () => {
    const nav = await renderNav(false);
    expect(entryKeys(nav)).toEqual(
      expect.arrayContaining(['organizations', 'customers', 'invoices', 'geofence']),
    );
    // `/users` is the tenant's user management there, which needs Homeward.Users.
    expect(screen.queryByTestId('nav-users')).toBeNull();
  });
});
