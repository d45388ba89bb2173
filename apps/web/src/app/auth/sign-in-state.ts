import { createContext, useContext } from 'react';
import type { User } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';

/*
 * The sign-in state and actions the app's screens and shell use, in one context, whichever client
 * answers them: react-oidc-context once oidc-client-ts is loaded (`SignInProvider`), or the
 * anonymous stand-in that loads it only when asked to sign in (`AnonymousSignInProvider`). Only
 * types come from the sign-in libraries here, so this module keeps them off the home route.
 */

/** The part of react-oidc-context's `useAuth()` the app reads; `useAuth()` itself satisfies it. */
export interface SignInState {
  user?: AuthContextProps['user'];
  isLoading: boolean;
  activeNavigator?: AuthContextProps['activeNavigator'];
  error?: AuthContextProps['error'];
  /** The UserManager's events; absent while no sign-in client is loaded (nobody is signed in). */
  events?: AuthContextProps['events'];
  /** Where the provider's end-session page returns to; unset until a sign-in client is loaded. */
  settings: { post_logout_redirect_uri?: string };
  signinRedirect: AuthContextProps['signinRedirect'];
  signoutRedirect: AuthContextProps['signoutRedirect'];
  /**
   * Sign-in in a popup window (spec §4): resolves with the user, or null when it failed (see
   * `error`; react-oidc-context's own type omits the null it returns after recording an error).
   */
  signinPopup(args?: Parameters<AuthContextProps['signinPopup']>[0]): Promise<User | null>;
  /** Sign-in in a hidden frame on the provider's existing session (`prompt=none`); null as above. */
  signinSilent(args?: Parameters<AuthContextProps['signinSilent']>[0]): Promise<User | null>;
  signoutPopup: AuthContextProps['signoutPopup'];
  signoutSilent: AuthContextProps['signoutSilent'];
  revokeTokens: AuthContextProps['revokeTokens'];
}

export const SignInStateContext = createContext<SignInState | undefined>(undefined);

/** The current sign-in state; only below `SignInProvider` or `AnonymousSignInProvider`. */
export function useSignInState(): SignInState {
  const state = useContext(SignInStateContext);
  if (!state) throw new Error('useSignInState used outside a sign-in provider');
  return state;
}
