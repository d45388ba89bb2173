import { Outlet } from 'react-router';
import { loadSignInClient } from '../auth/load-sign-in-client';
import { preloadableLazy } from '../lazy/preloadable-lazy';
import { PageLoading } from '../layout/page-loading';

/*
 * The guard of the protected route group travels with the sign-in client (sign-in-client.ts): a
 * signed-in user has it before the first render, and an anonymous visitor who opens a protected
 * screen needs the client anyway to be sent to sign in. The anonymous home route has neither.
 */
const requireAuth = preloadableLazy(
  () => loadSignInClient().then((client) => client.RequireAuth),
  <PageLoading />,
);
const LazyRequireAuth = requireAuth.Component;

/** Makes the guard render at once once the sign-in client is there (the gate calls it). */
export const preloadRequireAuth = requireAuth.preload;

/** The protected route group's element: `RequireAuth` around the screen. */
export function ProtectedScreens() {
  return (
    <LazyRequireAuth>
      <Outlet />
    </LazyRequireAuth>
  );
}
