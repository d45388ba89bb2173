import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AppConfiguration } from '@homeward/contracts';
import { useLoadedConfiguration } from '../configuration/get-app-configuration';
import { i18n } from '../i18n/i18n';
import { NotificationProvider } from '../notifications/notification-provider';
import { appStore, type AppState } from '../state/app-store';
import { AppThemeProvider } from '../theme/app-theme-provider';
import { AppLoadErrorScreen } from './app-load-error-screen';
import { AppLoadingScreen } from './app-loading-screen';
import { SignInGate } from './sign-in-gate';
import { useBootstrapLoad } from './use-bootstrap-load';

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
 * and then only once the sign-in state is known (`SignInGate`: the sign-in client needs the
 * configuration's authority and clients, and the configuration is refetched for a signed-in user).
 */
export function AppBootstrap({ children }: { children: ReactNode }) {
  const load = useBootstrapLoad();
  const configuration = useLoadedConfiguration();

  useEffect(() => {
    if (configuration) appStore.setState(stateFromConfiguration(configuration));
  }, [configuration]);

  let content: ReactNode;
  if (load.failed) {
    content = <AppLoadErrorScreen retrying={load.retrying} onRetry={load.retry} />;
  } else if (!load.ready || !configuration) {
    content = <AppLoadingScreen />;
  } else {
    content = (
      <I18nextProvider i18n={i18n}>
        <NotificationProvider>
          <SignInGate signIn={configuration.settings.signIn} loading={<AppLoadingScreen />}>
            {children}
          </SignInGate>
        </NotificationProvider>
      </I18nextProvider>
    );
  }

  return (
    <AppThemeProvider themeSwitchingEnabled={configuration?.settings.themeSwitchingEnabled ?? false}>
      {content}
    </AppThemeProvider>
  );
}
