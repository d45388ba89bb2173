import type { UserManager } from 'oidc-client-ts';

/*
 * The one UserManager of the page, reachable outside React: apiFetch and other non-component
 * callers read the signed-in user from here (and so from its store), never from React state, so
 * a request made before or outside the component tree still carries the token.
 * Type-only imports keep oidc-client-ts out of modules that only need the token.
 */
let active: UserManager | undefined;

/** Makes `userManager` the page's sign-in session (the provider does this; tests may too). */
export function activateUserManager(userManager: UserManager | undefined): void {
  active = userManager;
}

export function activeUserManager(): UserManager | undefined {
  return active;
}

/** The access token of the stored, not expired user, or undefined when nobody is signed in. */
export async function currentAccessToken(): Promise<string | undefined> {
  if (!active) return undefined;
  try {
    const user = await active.getUser();
    return user && !user.expired && user.access_token ? user.access_token : undefined;
  } catch {
    // An unreadable store (private mode, corrupt entry) means anonymous, not a broken request.
    return undefined;
  }
}

/**
 * Drops the stored user after the API refused its token (revoked, or the grant ended), so the app
 * falls back to anonymous and the guard sends the visitor to sign in again.
 */
export async function forgetSignedInUser(): Promise<void> {
  await active?.removeUser().catch(() => undefined);
}
