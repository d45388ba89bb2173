import type * as SignInClientModule from './sign-in-client';
import { loadQueryClient } from '../query/with-query-client';
import { signInClientLikelyNeeded } from './sign-in-start';

export type SignInClient = typeof SignInClientModule;

let loading: Promise<SignInClient> | undefined;

/** The sign-in client's chunk, fetched once; a failed fetch is tried again on the next call. */
export function loadSignInClient(): Promise<SignInClient> {
  loading ??= import('./sign-in-client').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Starts fetching the sign-in client while the configuration loads, when this visitor most likely
 * needs it before the first render (signed in earlier, or coming back from the provider), so that
 * it does not wait for the configuration first.
 */
export function prefetchSignInClientIfLikelyNeeded(): void {
  if (!signInClientLikelyNeeded()) return;
  // A signed-in user's first screen needs react-query as well.
  void loadSignInClient().catch(() => undefined);
  void loadQueryClient().catch(() => undefined);
}
