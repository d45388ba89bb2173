import type { ReactNode } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateUserManager } from '../auth/sign-in-session';
import { configurationFor, renderWithSignIn } from '../auth/test-render';
import { signedInTestUserManager } from '../auth/test-sign-in';
import { LanguageSwitcher } from './language-switcher';
import { UserMenu } from './user-menu';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  activateUserManager(undefined);
});

async function renderSignedIn(ui: ReactNode) {
  const userManager = await signedInTestUserManager({ sub: 'user-1' });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  await renderWithSignIn(<RouterProvider router={router} />, {
    userManager,
    configuration: configurationFor('user-1'),
  });
}

/**
 * WCAG 2.5.3 (label in name): a person who says or searches for what they see on a control finds
 * it, so each top-bar button's accessible name starts with its visible text and says what it does.
 */
describe('top bar buttons', () => {
  it('name the language button by its visible code and what it does', async () => {
    await renderSignedIn(<LanguageSwitcher />);
    const button = await screen.findByTestId('language-switcher');
    expect(button.textContent).toBe('EN');
    expect(button.getAttribute('aria-label')).toBe('EN, change language');
    expect(screen.getByRole('button', { name: /^EN\b.*change language/ })).toBe(button);
  });

  it("name the user menu by the user's visible name and what it opens", async () => {
    await renderSignedIn(<UserMenu />);
    const button = await screen.findByTestId('user-menu');
    expect(within(button).getByTestId('user-menu-name').textContent).toBe('Test User');
    // Without a picture the initials stand in, hidden from assistive technology (the name is there).
    const avatar = within(button).getByTestId('user-menu-avatar');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(avatar.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('TU');
    expect(button.textContent).toBe('Test User');
    expect(screen.getByRole('button', { name: 'Test User, account menu' })).toBe(button);
  });

  it('show the picture in the user menu when the user has one, keeping its name', async () => {
    const avatarUrl = '/api/account/avatars/user-1?v=abc';
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input);
        if (path === '/api/account/my-profile') {
          return Response.json({
            id: '0190a0b0-0000-7000-8000-000000000001',
            userName: 'test',
            name: 'Test User',
            email: 'test@example.com',
            phoneNumber: null,
            pendingEmail: null,
            avatarUrl,
          });
        }
        if (path === avatarUrl) return new Response('webp', { headers: { 'content-type': 'image/webp' } });
        return realFetch(input, init);
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:avatar' }));
    await renderSignedIn(<UserMenu />);
    const button = await screen.findByTestId('user-menu');
    await waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toBe('blob:avatar'));
    expect(screen.getByRole('button', { name: 'Test User, account menu' })).toBe(button);
  });
});
