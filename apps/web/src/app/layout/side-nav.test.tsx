import { cleanup, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, renderWithSignIn } from '../auth/test-render';
import { signedInTestUserManager } from '../auth/test-sign-in';
import { SideNav } from './side-nav';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  activateUserManager(undefined);
});

async function renderNav(features: Record<string, boolean>) {
  const userManager = await signedInTestUserManager({ sub: 'user-1' });
  const configuration = {
    ...configurationFor('user-1', ['Homeward.Invoices', 'Homeward.WifiNetworks', 'Homeward.Devices']),
    features,
  };
  const router = createMemoryRouter([{ path: '*', element: <SideNav /> }], { initialEntries: ['/'] });
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
