import { useEffect, useState, type ReactNode, useLayoutEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { AuthProvider, useAuth } from 'react-oidc-context';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { WithQueryClient } from '../query/with-query-client';
import {
  completeSignIn,
  completeSignOut,
  discardSignInCallback,
  isSignInCallback,
  isSignOutCallback,
} from './sign-in-callback';
import { SignInErrorNotice } from './sign-in-error-notice';
import { SignInStateContext } from './sign-in-state';

function signedInSubject(user: User | null | undefined): string | null {
  return user && !user.expired ? user.profile.sub : null;
}

function configuredUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData(appConfigurationQueryOptions.queryKey)?.currentUser?.id ?? null;
}

/**
 * Fetches the configuration again with the current token, whether or not a screen observes it.
 * A fetch still in flight was made with the previous token, so it is cancelled first.
 */
async function refetchConfiguration(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: appConfigurationQueryOptions.queryKey });
  await queryClient.fetchQuery({ ...appConfigurationQueryOptions, staleTime: 0 });
}

/** Refetches the configuration (user, grants) unless it already describes `subject`. */
async function syncConfiguration(
  queryClient: QueryClient,
  subject: string | null,
  forgetUser: () => Promise<void>,
): Promise<void> {
  if (configuredUserId(queryClient) === subject) return;
  await refetchConfiguration(queryClient);
  // The server ignores a token it no longer accepts on this public call: the stored user is stale.
  if (subject && configuredUserId(queryClient) === null) await forgetUser();
}

/** The end-session page returns to the post-logout address only; a `state` elsewhere is the app's. */
function matchSignOutCallback(settings: UserManagerSettings): boolean {
  const postLogout = settings.post_logout_redirect_uri;
  return (
    postLogout !== undefined &&
    new URL(postLogout).pathname === window.location.pathname &&
    isSignOutCallback(window.location)
  );
}

/**
 * Keeps the app configuration in step with the signed-in user, follows the session monitor, and
 * holds the app back (showing `loading`) until the first sign-in state is known and the
 * configuration matches it, so no screen flashes anonymous content or "no access" first.
 */
function SignInSession({ loading, children }: { loading: ReactNode; children: ReactNode }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const subject = signedInSubject(auth.user);
  const { removeUser, events, error } = auth;

  useEffect(() => {
    if (error?.source === 'signinCallback' && isSignInCallback(window.location)) discardSignInCallback();
  }, [error]);

  useEffect(() => {
    if (auth.isLoading || ready) return;
    let live = true;
    void syncConfiguration(queryClient, subject, removeUser)
      .catch(() => undefined)
      .then(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [auth.isLoading, ready, subject, queryClient, removeUser]);

  // A layout effect subscribes in the same commit that shows the app, so a token renewal or a
  // sign-out raised right after can never fall between showing the app and listening.
  useLayoutEffect(() => {
    if (!ready) return;
    const refresh = () => void refetchConfiguration(queryClient).catch(() => undefined);
    const removers = [
      // A renewed token may carry changed grants; a new or removed user changes everything.
      events.addUserLoaded(refresh),
      events.addUserUnloaded(refresh),
      // The session monitor saw the provider session end (another tab signed out): forget the user.
      events.addUserSignedOut(() => void removeUser()),
    ];
    return () => removers.forEach((remove) => remove());
  }, [ready, events, removeUser, queryClient]);

  return ready ? children : loading;
}

/** Hands react-oidc-context's state and actions to the app's sign-in context (`useSignInState`). */
export function SignInStateFromAuth({ children }: { children: ReactNode }) {
  return <SignInStateContext.Provider value={useAuth()}>{children}</SignInStateContext.Provider>;
}

/**
 * The sign-in client of the app (react-oidc-context over `userManager`): processes the provider's
 * answer when the address carries one, then returns the user to where they were. Loaded in its own
 * chunk (`loadSignInClient`) only when the sign-in state needs it (sign-in-start.ts).
 */
export function SignInProvider({
  userManager,
  loading,
  children,
}: {
  userManager: UserManager;
  /** Shown until the sign-in state is known. */
  loading: ReactNode;
  children: ReactNode;
}) {
  const [isCallback] = useState(() => isSignInCallback(window.location));
  return (
    <AuthProvider
      userManager={userManager}
      skipSigninCallback={!isCallback}
      onSigninCallback={completeSignIn}
      matchSignoutCallback={matchSignOutCallback}
      onSignoutCallback={completeSignOut}
    >
      <SignInStateFromAuth>
        <SignInErrorNotice />
        {/* The session refetches the configuration with react-query (loaded with this client). */}
        <WithQueryClient>
          <SignInSession loading={loading}>{children}</SignInSession>
        </WithQueryClient>
      </SignInStateFromAuth>
    </AuthProvider>
  );
}
