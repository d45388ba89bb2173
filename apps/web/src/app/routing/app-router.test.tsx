import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
// The plain RouterProvider: under Node, `react-router/dom` loads a second copy of the router context.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfiguration } from '@homeward/contracts';
import legal from '@homeward/i18n/locales/en/legal.json';
import translation from '@homeward/i18n/locales/en/translation.json';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { createQueryClient } from '../query/query-client';
import { appStore } from '../state/app-store';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { appRouteObjects } from './app-router';
import { APP_ROUTES } from './routes';

afterEach(cleanup);

/** Every path of the spec's route table (§2), plus the terms screen of the foundation issue. */
const SPEC_PATHS = [
  '/',
  '/registration',
  '/login',
  '/dashboard',
  '/account',
  '/users',
  '/subscription/billing',
  '/imprint',
  '/contact',
  '/citizens',
  '/citizens/:id',
  '/invoices',
  '/tenants',
  '/geofence',
  '/devices',
  '/wifis',
  '/simcards',
  '/customers',
  '/customers/:id',
  '/organizaitons',
  '/accessories',
  '/device-administration',
  '/guides',
  '/messages',
  '/alarm-texts',
  '/command-templates',
  '/contact-people',
  '/language-management/languages',
  '/language-management/texts',
  '/identity-management/organization-units',
  '/identity-management/roles',
  '/identity-management/users',
  '/identity-management/claim-types',
  '/identity-management/security-logs',
  '/setting-management',
  '/audit-logs',
  '/terms',
];

/** The shell below the bootstrap gate, with English texts in memory instead of fetched. */
async function renderAt(path: string, settings: Partial<AppConfiguration['settings']> = {}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation, legal } },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  const queryClient = createQueryClient();
  const config = testAppConfiguration(settings);
  queryClient.setQueryData(appConfigurationQueryOptions.queryKey, config);
  const router = createMemoryRouter(appRouteObjects, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider themeSwitchingEnabled={config.settings.themeSwitchingEnabled}>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('route table', () => {
  it('has every path of the spec', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('keeps home, registration, login, contact, imprint and terms public', () => {
    const publicNames = APP_ROUTES.filter((route) => route.group === 'public').map((route) => route.name);
    expect(publicNames.sort()).toEqual(['contact', 'home', 'imprint', 'login', 'registration', 'terms']);
  });
});

describe('app shell', () => {
  it('shows the home page with its two choices', async () => {
    await renderAt('/');
    expect((await screen.findByTestId('home-title')).textContent).toBe('Welcome to Homeward');
    expect(screen.getByTestId('home-login').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('home-register').getAttribute('href')).toBe('/registration');
  });

  it('shows a protected screen with its real title and an empty state', async () => {
    await renderAt('/organizaitons');
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Organizations');
    expect(screen.getByTestId('empty-state').textContent).toContain('No data available');
  });

  it('titles detail screens', async () => {
    await renderAt('/citizens/42');
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Citizen');
  });

  it('shows the not-found screen with a way home for unknown paths', async () => {
    await renderAt('/no/such/screen');
    await screen.findByTestId('not-found');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
  });

  it('offers English and Dansk in the language switcher', async () => {
    await renderAt('/');
    fireEvent.click(await screen.findByTestId('language-switcher'));
    expect(screen.getByTestId('language-option-en').textContent).toBe('English');
    expect(screen.getByTestId('language-option-da').textContent).toBe('Dansk');
  });

  it('stores the chosen theme and paints it', async () => {
    await renderAt('/');
    fireEvent.click(await screen.findByTestId('theme-switcher'));
    fireEvent.click(screen.getByTestId('theme-option-dark'));
    expect(appStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    appStore.setState({ theme: 'device' });
  });

  it('hides the theme switcher and stays light when configuration disables theming', async () => {
    appStore.setState({ theme: 'dark' });
    await renderAt('/', { themeSwitchingEnabled: false });
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
    await renderAt('/', { forumUrl: 'https://forum.example.com' });
    expect((await screen.findByTestId('nav-forum')).getAttribute('href')).toBe('https://forum.example.com');
  });
});
