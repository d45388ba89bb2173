import { useEffect, useState, type ReactNode } from 'react';
import type { SignInSettings } from '@homeward/contracts';
import { AnonymousSignInProvider } from '../auth/anonymous-sign-in-provider';
import { loadSignInClient, type SignInClient } from '../auth/load-sign-in-client';
import { signInClientNeededAtStart } from '../auth/sign-in-start';
import { preloadSignedInShell } from '../layout/lazy-signed-in-shell';
import { loadQueryClient } from '../query/with-query-client';
import { loadSignedInNavIcons } from '../routing/nav-icon';
import { preloadRequireAuth } from '../routing/protected-screens';
import { preloadScreens } from '../routing/route-pages';
import { AppLoadErrorScreen } from './app-load-error-screen';

/**
 * The last step of the bootstrap order: the sign-in state. Decided once per page load, when the
 * configuration (authority, clients) has arrived: a visitor with a stored user or a provider answer
 * in the address waits for the sign-in client (oidc-client-ts; react-query, with which it refetches
 * the configuration; the signed-in parts of the shell) before anything renders; anyone else is known
 * to be anonymous and sees the app at once, and the client loads when they sign in.
 */
export function SignInGate({
  signIn,
  loading,
  children,
}: {
  signIn: SignInSettings;
  /** Shown until the sign-in state is known. */
  loading: ReactNode;
  children: ReactNode;
}) {
  // Once per page load: a user stored later (by another tab) takes effect after a reload, as before.
  const [neededAtStart] = useState(() => signInClientNeededAtStart(signIn));
  const [client, setClient] = useState<SignInClient>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!neededAtStart) return;
    let live = true;
    Promise.all([
      loadSignInClient(),
      // What a signed-in user's first screen needs besides: react-query, the signed-in shell and its
      // icons, the guard and the screens.
      loadQueryClient(),
      preloadSignedInShell(),
      loadSignedInNavIcons(),
      preloadRequireAuth(),
      preloadScreens(),
    ]).then(
      ([loaded]) => live && setClient(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [neededAtStart]);

  if (!neededAtStart) return <AnonymousSignInProvider signIn={signIn}>{children}</AnonymousSignInProvider>;
  // The browser remembers a failed module fetch; a reload is what tries again.
  if (failed) return <AppLoadErrorScreen retrying={false} onRetry={() => window.location.reload()} />;
  if (!client) return loading;
  const { SignInProvider, userManagerFor } = client;
  return (
    <SignInProvider userManager={userManagerFor(signIn)} loading={loading}>
      {children}
    </SignInProvider>
  );
}
