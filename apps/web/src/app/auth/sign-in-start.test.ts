import { InMemoryWebStorage, UserManager } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { signInClientLikelyNeeded, signInClientNeededAtStart, storedUserKey } from './sign-in-start';
import { TEST_ORIGIN, TEST_SIGN_IN, testUser } from './test-sign-in';
import { buildUserManagerSettings } from './user-manager-settings';

const HOME = { search: '', hash: '' };

function storageWith(entries: Record<string, string> = {}): Storage {
  const storage = new InMemoryWebStorage();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  return storage;
}

/** The storage as oidc-client-ts leaves it after a sign-in with the app's own settings. */
async function storageAfterSignIn(): Promise<Storage> {
  const storage = storageWith();
  const userManager = new UserManager(buildUserManagerSettings(TEST_SIGN_IN, TEST_ORIGIN, storage));
  await userManager.storeUser(testUser());
  return storage;
}

const neededAtStart = (location: typeof HOME, storage: Storage) =>
  signInClientNeededAtStart(TEST_SIGN_IN, location, TEST_ORIGIN, () => storage);

describe('storedUserKey', () => {
  it('is the key under which oidc-client-ts stores the signed-in user', async () => {
    const storage = await storageAfterSignIn();
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe(storedUserKey(TEST_SIGN_IN, TEST_ORIGIN));
  });
});

describe('signInClientNeededAtStart', () => {
  it('is false for a first visit: nothing stored, no answer from the provider in the address', () => {
    expect(neededAtStart(HOME, storageWith())).toBe(false);
    expect(neededAtStart({ search: '?lng=da', hash: '' }, storageWith({ language: 'da' }))).toBe(false);
  });

  it('is true when a user is stored for this authority and client', async () => {
    expect(neededAtStart(HOME, await storageAfterSignIn())).toBe(true);
  });

  it('is false when only another client or authority has a stored user', () => {
    const otherClient = `oidc.user:${TEST_SIGN_IN.authority}:plug-and-play`;
    const otherAuthority = 'oidc.user:https://elsewhere.example/connect:branded';
    expect(neededAtStart(HOME, storageWith({ [otherClient]: '{}', [otherAuthority]: '{}' }))).toBe(false);
  });

  it('is true for the answer of a sign-in, in the query or in the fragment', () => {
    expect(neededAtStart({ search: '?code=abc&state=s1', hash: '' }, storageWith())).toBe(true);
    expect(neededAtStart({ search: '', hash: '#error=access_denied&state=s1' }, storageWith())).toBe(true);
  });

  it('is true for the return from the provider’s end-session page (a state alone)', () => {
    expect(neededAtStart({ search: '?state=s2', hash: '' }, storageWith())).toBe(true);
  });

  it('is true when the store cannot be read, as before the client was loaded lazily', () => {
    const unreadable = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(signInClientNeededAtStart(TEST_SIGN_IN, HOME, TEST_ORIGIN, unreadable)).toBe(true);
  });
});

describe('signInClientLikelyNeeded', () => {
  it('guesses from any stored user or an answer in the address, before the configuration is known', async () => {
    expect(signInClientLikelyNeeded(HOME, () => storageWith({ language: 'en' }))).toBe(false);
    const signedIn = await storageAfterSignIn();
    expect(signInClientLikelyNeeded(HOME, () => signedIn)).toBe(true);
    expect(signInClientLikelyNeeded({ search: '?code=abc&state=s1', hash: '' }, () => storageWith())).toBe(
      true,
    );
  });
});
