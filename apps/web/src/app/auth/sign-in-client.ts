/*
 * The sign-in client: oidc-client-ts and react-oidc-context with everything of ours built on them.
 * Its own chunk, loaded through `loadSignInClient` (see sign-in-start.ts for when), with the guard of
 * the protected screens, which needs it to send an anonymous visitor to sign in.
 */
export { RequireAuth } from '../routing/require-auth';
export { SignInProvider } from './sign-in-provider';
export { userManagerFor } from './user-manager';
