import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { POPUP_SIGN_IN_ARGS } from './popup-sign-in-args';
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
 * Popup and silent sign-in (spec §4). Both store the user without leaving the page; on success the
 * app loads again at `returnTo` (default: where a redirect sign-in would return), so it starts with
 * the stored user and the full sign-in client. A failure stays on the page, and the sign-in error
 * notice tells it ("Popup closed or blocked by user", "IFrame timed out"); a silent sign-in without
 * a session at the provider (login_required and its kin) is an anonymous visitor, not an error.
 */
export function useSignInWith(): {
  popup(returnTo?: string): Promise<void>;
  silent(returnTo?: string): Promise<void>;
} {
  const auth = useSignInState();
  const location = useLocation();
  return useMemo(() => {
    const finish = (user: unknown, returnTo: string | undefined) => {
      if (user) window.location.assign(returnTo ?? returnPathAfterSignIn(location));
    };
    return {
      popup: async (returnTo?: string) => finish(await auth.signinPopup({ ...POPUP_SIGN_IN_ARGS }), returnTo),
      silent: async (returnTo?: string) => finish(await auth.signinSilent(), returnTo),
    };
  }, [auth, location]);
}

/** How to end the session at the provider: leave for its page, in a popup, or in a hidden frame. */
export type SignOutKind = 'redirect' | 'popup' | 'silent';

/**
 * Signs out: revokes the refresh token first (so a copy of it is worthless), then ends the
 * provider session, which removes the stored user. A redirect sign-out comes back to the app's
 * root; a popup or silent one goes there at once (a protected screen's guard would otherwise start
 * a sign-in the moment the user is removed) and ends the session in a popup window or a hidden
 * frame. Failures surface as a sign-out error through the provider.
 */
export function useSignOut(kind: SignOutKind = 'redirect'): () => Promise<void> {
  const auth = useSignInState();
  const navigate = useNavigate();
  return useCallback(async () => {
    const idToken = auth.user?.id_token;
    if (kind !== 'redirect') await navigate('/');
    try {
      await auth.revokeTokens(['refresh_token']);
    } catch {
      // An unreachable revocation endpoint must not keep the user signed in; ending the provider
      // session below ends the grant and its tokens too.
    }
    if (kind === 'popup') {
      await auth.signoutPopup({ ...POPUP_SIGN_IN_ARGS, id_token_hint: idToken });
      return;
    }
    if (kind === 'silent') {
      await auth.signoutSilent({ id_token_hint: idToken });
      return;
    }
    const state: SignInReturnState = { returnTo: '/' };
    await auth.signoutRedirect({
      id_token_hint: idToken,
      post_logout_redirect_uri: auth.settings.post_logout_redirect_uri,
      state,
    });
  }, [auth, kind, navigate]);
}
