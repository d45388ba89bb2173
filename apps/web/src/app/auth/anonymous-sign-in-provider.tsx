import { useMemo, useState, type ReactNode } from 'react';
import type { UserManager } from 'oidc-client-ts';
import type { SignInSettings } from '@homeward/contracts';
import { preloadableLazy } from '../lazy/preloadable-lazy';
import { loadSignInClient, type SignInClient } from './load-sign-in-client';
import { SignInStateContext, type SignInState } from './sign-in-state';

// The error texts are needed only once a sign-in failed, which an anonymous visit rarely sees (1 KB gzip).
const LazySignInErrorNotice = preloadableLazy(() =>
  import('./sign-in-error-notice').then((module) => module.SignInErrorNotice),
).Component;

type Navigator = NonNullable<SignInState['activeNavigator']>;

interface NavigatorStatus {
  activeNavigator?: Navigator;
  error?: SignInState['error'];
}

/** The error react-oidc-context records for a failed navigator call, so both clients report alike. */
function navigatorError(error: unknown, source: Navigator, args: unknown): NonNullable<SignInState['error']> {
  const field = (name: string, fallback: string) => {
    const value = error && typeof error === 'object' ? (error as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : fallback;
  };
  return {
    name: field('name', 'Error'),
    message: field('message', `Unknown error while executing ${source}(...).`),
    stack: field('stack', ''),
    innerError: error,
    source,
    args,
  } as NonNullable<SignInState['error']>;
}

/**
 * The sign-in state of a visitor known to be anonymous at start (nothing stored, no provider answer
 * in the address), without oidc-client-ts: nobody is signed in and nothing is loading. Signing in
 * (the top bar's button, or the guard of a protected screen) fetches the sign-in client first and
 * then starts the same redirect react-oidc-context would, marking the navigator as active meanwhile
 * so the button stays disabled and the guard shows that it is redirecting: a click is never lost.
 */
export function AnonymousSignInProvider({
  signIn,
  children,
  loadClient = loadSignInClient,
}: {
  signIn: SignInSettings;
  children: ReactNode;
  /** Tests pass their own client. */
  loadClient?: () => Promise<Pick<SignInClient, 'userManagerFor'>>;
}) {
  const [status, setStatus] = useState<NavigatorStatus>({});

  const actions = useMemo(() => {
    /** Runs one navigator as react-oidc-context does: its result, or null with the error recorded. */
    async function run<T>(
      source: Navigator,
      args: unknown,
      call: (userManager: UserManager) => Promise<T>,
    ): Promise<T | null> {
      setStatus((current) => ({ ...current, activeNavigator: source }));
      try {
        return await call((await loadClient()).userManagerFor(signIn));
      } catch (error) {
        setStatus((current) => ({ ...current, error: navigatorError(error, source, args) }));
        return null;
      } finally {
        setStatus((current) => ({ ...current, activeNavigator: undefined }));
      }
    }
    return {
      signinRedirect: async (args) => {
        await run('signinRedirect', args, (userManager) => userManager.signinRedirect(args));
      },
      signoutRedirect: async (args) => {
        await run('signoutRedirect', args, (userManager) => userManager.signoutRedirect(args));
      },
      // A popup or silent sign-in stores the user without leaving the page; the caller then loads
      // the app again (`useSignInWith`), which starts with the stored user and the full client.
      signinPopup: (args) => run('signinPopup', args, (userManager) => userManager.signinPopup(args)),
      signinSilent: (args) => run('signinSilent', args, (userManager) => userManager.signinSilent(args)),
      signoutPopup: async (args) => {
        await run('signoutPopup', args, (userManager) => userManager.signoutPopup(args));
      },
      signoutSilent: async (args) => {
        await run('signoutSilent', args, (userManager) => userManager.signoutSilent(args));
      },
      revokeTokens: async (types) => (await loadClient()).userManagerFor(signIn).revokeTokens(types),
    } satisfies Pick<
      SignInState,
      | 'signinRedirect'
      | 'signoutRedirect'
      | 'signinPopup'
      | 'signinSilent'
      | 'signoutPopup'
      | 'signoutSilent'
      | 'revokeTokens'
    >;
  }, [loadClient, signIn]);

  const state = useMemo<SignInState>(
    () => ({
      ...actions,
      user: null,
      // As react-oidc-context: loading while a navigator runs.
      isLoading: status.activeNavigator !== undefined,
      activeNavigator: status.activeNavigator,
      error: status.error,
      events: undefined,
      settings: {},
    }),
    [actions, status],
  );

  return (
    <SignInStateContext.Provider value={state}>
      {state.error && <LazySignInErrorNotice />}
      {children}
    </SignInStateContext.Provider>
  );
}
