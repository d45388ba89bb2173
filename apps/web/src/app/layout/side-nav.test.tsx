import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, renderWithSignIn } from '../auth/test-render';
import { signedInTestUserManager } from '../auth/test-sign-in';
import { appStore } from '../state/app-store';
import { AppTopBar } from './app-top-bar';
import { SideNav } from './side-nav';
import { stubViewportWidth } from './test-viewport';

beforeEach(() => stubViewportWidth(1280));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => appStore.setState({ menuOpen: false }));
  activateUserManager(undefined);
});

async function renderNav(features: Record<string, boolean>, withTopBar = false) {
  const userManager = await signedInTestUserManager({ sub: 'user-1' });
  const configuration = {
    ...configurationFor('user-1', ['Homeward.Invoices', 'Homeward.WifiNetworks', 'Homeward.Devices']),
    features,
  };
  const element = withTopBar ? (
    <>
      <AppTopBar />
      <SideNav />
    </>
  ) : (
    <SideNav />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  await renderWithSignIn(<RouterProvider router={router} />, { userManager, configuration });
}

describe('SideNav tenant features', () => {
  it('hides the entries of screens the tenant has switched off', async () => {
    await renderNav({ 'Homeward.Screens.Invoices': false, 'Homeward.Screens.Wifi': true });
    expect(await screen.findByTestId('nav-wifi')).toBeTruthy();
    expect(screen.getByTestId('nav-devices')).toBeTruthy();
    expect(screen.queryByTestId('nav-invoices')).toBeNull();
  });

  it('shows them when the features are on or not sent', async () => {
    await renderNav({});
    expect(await screen.findByTestId('nav-invoices')).toBeTruthy();
    expect(screen.getByTestId('nav-wifi')).toBeTruthy();
  });
});

describe('SideNav structure', () => {
  it('holds only list items in its lists, each entry a link inside one', async () => {
    await renderNav({});
    await screen.findByTestId('nav-devices');
    const lists = screen.getByTestId('side-nav').querySelectorAll('ul');
    expect(lists.length).toBeGreaterThan(1);
    for (const list of lists) {
      expect([...list.children].map((child) => child.tagName)).toEqual([...list.children].map(() => 'LI'));
    }
    expect(screen.getByTestId('nav-devices').parentElement?.tagName).toBe('LI');
  });
});

describe('SideNav on a phone', () => {
  it('is a drawer that the menu button opens, loaded with the first opening', async () => {
    stubViewportWidth(390);
    await renderNav({}, true);
    const menuButton = await screen.findByTestId('menu-button');
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menuButton);
    // Awaited, not read at once: these tests run outside React's act environment, so an update can
    // commit after the click returns when the shell's lazy parts are still arriving (as in a browser).
    await waitFor(() => expect(menuButton.getAttribute('aria-expanded')).toBe('true'));
    const nav = await screen.findByTestId('side-nav');
    expect(nav.closest('[role="dialog"]')).not.toBeNull();
    expect(screen.getByTestId('nav-devices')).toBeTruthy();
  });
});

describe('SideNav on a wide screen', () => {
  it('is docked beside the screen, not a dialog', async () => {
    await renderNav({});
    const nav = await screen.findByTestId('side-nav');
    expect(nav.closest('[role="dialog"]')).toBeNull();
    expect(nav.closest('.MuiDrawer-docked')).not.toBeNull();
  });
});
