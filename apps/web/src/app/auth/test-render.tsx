import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { UserManager } from 'oidc-client-ts';
import type { AppConfiguration } from '@homeward/contracts';
import auth from '@homeward/i18n/locales/en/auth.json';
import legal from '@homeward/i18n/locales/en/legal.json';
import translation from '@homeward/i18n/locales/en/translation.json';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { NotificationProvider } from '../notifications/notification-provider';
import { createQueryClient } from '../query/query-client';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { SignInProvider } from './sign-in-provider';

/** English texts in memory, as the bootstrap would have loaded them. */
export async function createTestI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation, legal, auth } },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return i18n;
}

/** The configuration the server sends to `userId` holding `permissions` (anonymous without a user). */
export function configurationFor(
  userId: string | null,
  permissions: string[] = [],
  settings: Partial<AppConfiguration['settings']> = {},
): AppConfiguration {
  return {
    ...testAppConfiguration(settings),
    currentUser: userId
      ? { id: userId, userName: 'tester', name: 'Test User', email: null, roles: [], tenantId: null }
      : null,
    grantedPolicies: Object.fromEntries(permissions.map((name) => [name, true])),
  };
}

export interface SignedInRender {
  queryClient: QueryClient;
}

/**
 * Renders `ui` below the same providers as the app (query, i18n, theme, notifications, sign-in) with
 * `configuration` already loaded and `userManager` as the sign-in client.
 */
export async function renderWithSignIn(
  ui: ReactNode,
  { userManager, configuration }: { userManager: UserManager; configuration: AppConfiguration },
): Promise<SignedInRender> {
  const i18n = await createTestI18n();
  const queryClient = createQueryClient();
  queryClient.setQueryData(appConfigurationQueryOptions.queryKey, configuration);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider themeSwitchingEnabled={configuration.settings.themeSwitchingEnabled}>
          <NotificationProvider>
            <SignInProvider userManager={userManager} loading={<p data-testid="sign-in-loading" />}>
              {ui}
            </SignInProvider>
          </NotificationProvider>
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}
