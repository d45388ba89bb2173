import type { User } from 'oidc-client-ts';

type AddressParts = Pick<Location, 'search' | 'hash'>;

function callbackParams(location: AddressParts): URLSearchParams[] {
  return [new URLSearchParams(location.search), new URLSearchParams(location.hash.replace(/^#/, ''))];
}

/**
 * True when the address is the provider's answer to a sign-in: a code or an error together with a
 * state, in the query or in the fragment (spec §2).
 */
export function isSignInCallback(location: AddressParts): boolean {
  return callbackParams(location).some(
    (params) => (params.get('code') || params.get('error')) && params.get('state'),
  );
}

/** True when the address is the return from the provider's end-session page: a state alone. */
export function isSignOutCallback(location: AddressParts): boolean {
  return (
    !isSignInCallback(location) && callbackParams(location).some((params) => Boolean(params.get('state')))
  );
}

/** What the SPA stores in the sign-in request's state: where to go back to. */
export interface SignInReturnState {
  returnTo: string;
}

/**
 * The in-app path stored in the state, or `/`. Only a path of this origin is accepted, so a forged
 * state cannot send the user to another site after signing in.
 */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as Partial<SignInReturnState> | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return '/';
  return returnTo;
}

type ReturnListener = (path: string) => void;
let pendingReturn: string | null = null;
const returnListeners = new Set<ReturnListener>();

/** Asks the router (see `useReturnAfterSignIn`) to show `path`; kept until a router takes it. */
export function requestReturnNavigation(path: string): void {
  pendingReturn = path;
  returnListeners.forEach((listener) => listener(path));
}

/** Hands a pending return path to `listener` (at once if one is waiting); returns the unsubscribe. */
export function takeReturnNavigation(listener: ReturnListener): () => void {
  returnListeners.add(listener);
  if (pendingReturn !== null) listener(pendingReturn);
  return () => returnListeners.delete(listener);
}

/** Marks the pending return as done. */
export function clearReturnNavigation(): void {
  pendingReturn = null;
}

/**
 * After the provider's answer has been processed: take code and state out of the address (so a
 * reload does not replay them) by replacing it with the bare path, then go where the user was.
 */
export function completeSignIn(user: User | undefined | void): void {
  window.history.replaceState(window.history.state, '', window.location.pathname);
  requestReturnNavigation(returnPathOf(user?.state));
}

/**
 * After a sign-in answer that could not be used (forged, replayed, stale): drop it from the
 * address too, so a reload does not fail again. The error itself is shown to the user.
 */
export function discardSignInCallback(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname);
  requestReturnNavigation(window.location.pathname);
}

/** After returning from the end-session page: drop the state from the address. */
export function completeSignOut(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname);
  requestReturnNavigation(window.location.pathname);
}
