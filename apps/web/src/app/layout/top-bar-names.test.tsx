import type { ReactNode } from 'react';
import { cleanup, screen } from '@testing-library/react';
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
    expect(button.textContent).toBe('Test User');
    expect(screen.getByRole('button', { name: 'Test User, account menu' })).toBe(button);
  });
});
