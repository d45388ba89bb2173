import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearReturnNavigation,
  completeSignIn,
  isSignInCallback,
  isSignOutCallback,
  returnPathOf,
  takeReturnNavigation,
} from './sign-in-callback';
import { testUser } from './test-sign-in';

const at = (search: string, hash = '') => ({ search, hash });

afterEach(() => {
  clearReturnNavigation();
  window.history.replaceState(null, '', '/');
});

describe('isSignInCallback', () => {
  it.each([
    ['code and state in the query', at('?code=abc&state=s1')],
    ['error and state in the query', at('?error=access_denied&state=s1')],
    ['code and state in the fragment', at('', '#code=abc&state=s1')],
    ['error and state in the fragment', at('', '#error=login_required&state=s1')],
    ['other parameters around them', at('?lng=da&code=abc&state=s1&session_state=x')],
  ])('is true for %s', (_, location) => {
    expect(isSignInCallback(location)).toBe(true);
  });

  it.each([
    ['no parameters', at('')],
    ['a code without state', at('?code=abc')],
    ['an error without state', at('', '#error=x')],
    ['a state alone', at('?state=s1')],
    ['empty values', at('?code=&state=s1')],
    ['code in the query but state in the fragment', at('?code=abc', '#state=s1')],
  ])('is false for %s', (_, location) => {
    expect(isSignInCallback(location)).toBe(false);
  });
});

describe('isSignOutCallback', () => {
  it('is true for a state alone and false for a sign-in answer or nothing', () => {
    expect(isSignOutCallback(at('?state=s1'))).toBe(true);
    expect(isSignOutCallback(at('?code=abc&state=s1'))).toBe(false);
    expect(isSignOutCallback(at(''))).toBe(false);
  });
});

describe('returnPathOf', () => {
  it('keeps an in-app path and refuses anything else', () => {
    expect(returnPathOf({ returnTo: '/citizens/42?tab=devices' })).toBe('/citizens/42?tab=devices');
    expect(returnPathOf({ returnTo: '//evil.example/x' })).toBe('/');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf(undefined)).toBe('/');
    expect(returnPathOf({ returnTo: 42 })).toBe('/');
  });
});

describe('completeSignIn', () => {
  it('reduces the address to the bare path and asks to return to the stored path', () => {
    window.history.replaceState(null, '', '/?code=abc&state=s1&session_state=x');
    const listener = vi.fn();
    const stop = takeReturnNavigation(listener);
    const user = testUser();
    Object.defineProperty(user, 'state', { value: { returnTo: '/devices?page=2' } });

    completeSignIn(user);

    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/');
    expect(listener).toHaveBeenCalledWith('/devices?page=2');
    stop();
  });

  it('keeps the return for a router that subscribes later', () => {
    window.history.replaceState(null, '', '/#code=abc&state=s1');
    completeSignIn(undefined);
    expect(window.location.hash).toBe('');
    const listener = vi.fn();
    takeReturnNavigation(listener)();
    expect(listener).toHaveBeenCalledWith('/');
  });
});
