import { signInClientFor, type SignInSettings } from '@homeward/contracts';
import { isSignInCallback, isSignOutCallback } from './sign-in-callback';

/*
 * Whether the page needs oidc-client-ts before its first render. The bootstrap rule is that the
 * sign-in state is known before render; for most first visits it is known without the library:
 * nothing stored and no provider answer in the address means anonymous. Measured with
 * `npm run bench:startup`: keeping oidc-client-ts and react-oidc-context (and our code on them, and
 * the guard of the protected screens) off the anonymous home route takes 20 KB gzip off it.
 */

type AddressParts = Pick<Location, 'search' | 'hash'>;
type StorageReader = Pick<Storage, 'getItem' | 'length' | 'key'>;

/**
 * The local-storage key under which oidc-client-ts keeps the signed-in user: its
 * `WebStorageStateStore` prefix `oidc.` and the UserManager's `user:<authority>:<client_id>`.
 */
export function storedUserKey(signIn: SignInSettings, origin: string): string {
  return `oidc.user:${signIn.authority}:${signInClientFor(origin, signIn.clients).clientId}`;
}

/**
 * True when the sign-in client must be loaded before the app renders: a user is stored for this
 * authority and client (signed in, or expired and to be renewed or forgotten), or the address
 * carries the provider's answer to a sign-in or a sign-out. An unreadable store counts as needing
 * it, which is what the app did before the client was loaded lazily.
 */
export function signInClientNeededAtStart(
  signIn: SignInSettings,
  location: AddressParts = window.location,
  origin: string = window.location.origin,
  storage: () => StorageReader = () => window.localStorage,
): boolean {
  if (isSignInCallback(location) || isSignOutCallback(location)) return true;
  try {
    return Boolean(storage().getItem(storedUserKey(signIn, origin)));
  } catch {
    return true;
  }
}

/**
 * A cheap guess before the configuration (authority, clients) has arrived: any stored user or a
 * provider answer in the address. Used only to start fetching the sign-in client early, in
 * parallel with the configuration, for the visitors who will most likely need it.
 */
export function signInClientLikelyNeeded(
  location: AddressParts = window.location,
  storage: () => StorageReader = () => window.localStorage,
): boolean {
  if (isSignInCallback(location) || isSignOutCallback(location)) return true;
  try {
    const store = storage();
    for (let index = 0; index < store.length; index += 1) {
      if (store.key(index)?.startsWith('oidc.user:')) return true;
    }
    return false;
  } catch {
    return true;
  }
}
