import { useEffect, type ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { AppConfiguration } from '@homeward/contracts';
import { SignInProvider } from '../auth/sign-in-provider';
import { userManagerFor } from '../auth/user-manager';
import { useAppConfigurationQuery } from '../configuration/get-app-configuration';
import { i18n, loadTranslations } from '../i18n/i18n';
import { NotificationProvider } from '../notifications/notification-provider';
import { appStore, type AppState } from '../state/app-store';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { AppLoadErrorScreen } from './app-load-error-screen';
import { AppLoadingScreen } from './app-loading-screen';

const translationsQueryOptions = queryOptions({
  queryKey: ['app', 'translations'],
  queryFn: async () => {
    await loadTranslations();
    return true;
  },
  staleTime: Infinity,
  // i18next already retries each read with a doubling delay; retrying here would multiply that.
  retry: false,
});

/** The server-owned part of the global client state. */
export function stateFromConfiguration(configuration: AppConfiguration): Partial<AppState> {
  return {
    languages: configuration.languages,
    currentTenant: configuration.currentTenant,
    currentUser: configuration.currentUser,
    currentRole: configuration.currentUser?.roles ?? [],
    locale: configuration.currentCulture.cultureName,
    extraProperties: configuration.extraProperties,
    grantedPolicies: configuration.grantedPolicies,
    policies: configuration.policies,
  };
}

/**
 * Renders the app only once configuration and translations have loaded (DESIGN §7 bootstrap order),
 * and then only once the sign-in state is known (the sign-in client needs the configuration's
 * authority and clients, and the configuration is refetched for a signed-in user).
 */
export function AppBootstrap({ children }: { children: ReactNode }) {
  const configuration = useAppConfigurationQuery();
  const translations = useQuery(translationsQueryOptions);

  useEffect(() => {
    if (configuration.data) appStore.setState(stateFromConfiguration(configuration.data));
  }, [configuration.data]);

  let content: ReactNode;
  if (configuration.isError || translations.isError) {
    content = (
      <AppLoadErrorScreen
        retrying={configuration.isFetching || translations.isFetching}
        onRetry={() => {
          void configuration.refetch();
          void translations.refetch();
        }}
      />
    );
  } else if (!configuration.data || !translations.data) {
    content = <AppLoadingScreen />;
  } else {
    content = (
      <I18nextProvider i18n={i18n}>
        <NotificationProvider>
          <SignInProvider
            userManager={userManagerFor(configuration.data.settings.signIn)}
            loading={<AppLoadingScreen />}
          >
            {children}
          </SignInProvider>
        </NotificationProvider>
      </I18nextProvider>
    );
  }

  return (
    <AppThemeProvider themeSwitchingEnabled={configuration.data?.settings.themeSwitchingEnabled ?? false}>
      {content}
    </AppThemeProvider>
  );
}
