import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { SignInReturnState } from './sign-in-callback';
import { useSignInState } from './sign-in-state';

/** Entry screens from which a fresh sign-in continues to the dashboard rather than back to them. */
const ENTRY_PATHS = new Set(['/', '/login', '/registration']);

/** Where a sign-in started on `location` should come back to. */
export function returnPathAfterSignIn(location: { pathname: string; search: string }): string {
  return ENTRY_PATHS.has(location.pathname) ? '/dashboard' : `${location.pathname}${location.search}`;
}

/** Starts a sign-in at the provider, coming back to `returnTo` (default: the current screen). */
export function useSignIn(): (returnTo?: string) => Promise<void> {
  const auth = useSignInState();
  const location = useLocation();
  return useCallback(
    async (returnTo?: string) => {
      const state: SignInReturnState = { returnTo: returnTo ?? returnPathAfterSignIn(location) };
      await auth.signinRedirect({ state });
    },
    [auth, location],
  );
}

/**
 * Signs out: revokes the refresh token first (so a copy of it is worthless), then ends the
 * provider session, which removes the stored user and comes back to the app's root.
 * Failures of the end-session redirect surface as a sign-out error through the provider.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useSignInState();
  return useCallback(async () => {
    const idToken = auth.user?.id_token;
    try {
      await auth.revokeTokens(['refresh_token']);
    } catch {
      // An unreachable revocation endpoint must not keep the user signed in; ending the provider
      // session below ends the grant and its tokens too.
    }
    const state: SignInReturnState = { returnTo: '/' };
    await auth.signoutRedirect({
      id_token_hint: idToken,
      post_logout_redirect_uri: auth.settings.post_logout_redirect_uri,
      state,
    });
  }, [auth]);
}
