import { describe, expect, it, vi } from 'vitest';
import { createAppStore, type KeyValueStorage } from './app-store';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('app store', () => {
  it('starts with every field of the global client state and the defaults', () => {
    const state = createAppStore(memoryStorage()).getState();
    expect(state).toEqual({
      languages: [],
      currentTenant: null,
      currentUser: null,
      currentRole: [],
      locale: 'en',
      menuOpen: false,
      extraProperties: {},
      grantedPolicies: {},
      policies: {},
      i18nReady: false,
      language: 'en',
      tenantFilter: null,
      theme: 'device',
    });
  });

  it('reads the persisted keys and repairs unknown values', () => {
    const store = createAppStore(memoryStorage({ language: 'da', theme: 'dark', tenantFilter: 't-1' }));
    expect(store.getState()).toMatchObject({ language: 'da', theme: 'dark', tenantFilter: 't-1' });
    const repaired = createAppStore(memoryStorage({ language: 'xx', theme: 'neon' }));
    expect(repaired.getState()).toMatchObject({ language: 'en', theme: 'device', tenantFilter: null });
  });

  it('stores language, theme and tenant filter on every change', () => {
    const storage = memoryStorage();
    const store = createAppStore(storage);
    store.setState({ language: 'da', theme: 'light', tenantFilter: 'abc' });
    expect(Object.fromEntries(storage.data)).toEqual({ language: 'da', theme: 'light', tenantFilter: 'abc' });
    store.setState({ theme: 'dark', tenantFilter: null });
    expect(storage.data.get('theme')).toBe('dark');
    expect(storage.data.has('tenantFilter')).toBe(false);
  });

  it('does not persist session-only fields', () => {
    const storage = memoryStorage();
    const store = createAppStore(storage);
    store.setState({ menuOpen: true, i18nReady: true, currentRole: ['admin'] });
    expect(storage.data.size).toBe(0);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createAppStore(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState({ menuOpen: true });
    unsubscribe();
    store.setState({ menuOpen: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps working without storage', () => {
    const store = createAppStore(undefined);
    store.setState({ theme: 'dark' });
    expect(store.getState().theme).toBe('dark');
  });
});
