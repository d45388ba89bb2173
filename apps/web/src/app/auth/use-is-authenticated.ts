import { useEffect, useReducer } from 'react';
import { useSignInState } from './sign-in-state';

/**
 * True only while there is a signed-in user whose access token has not expired (spec §4).
 * react-oidc-context decides `isAuthenticated` when the user loads; this also turns false at the
 * moment the token expires without being renewed.
 */
export function useIsAuthenticated(): boolean {
  const auth = useSignInState();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // No events while the sign-in client is not loaded: then nobody is signed in.
  useEffect(() => auth.events?.addAccessTokenExpired(rerender), [auth.events]);
  return Boolean(auth.user && !auth.user.expired);
}
