import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LANGUAGE,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
  type AppConfiguration,
  type Language,
  type LanguageInfo,
  type ThemeMode,
} from '@homeward/contracts';
import { parseThemeMode } from '../theme/theme-mode';

/** The global client state of spec §3. Server-owned parts are filled from the app configuration. */
export interface AppState {
  languages: LanguageInfo[];
  currentTenant: AppConfiguration['currentTenant'] | null;
  currentUser: AppConfiguration['currentUser'];
  /** Role names of the current user. */
  currentRole: string[];
  /** The server's current culture, such as `da-DK`. */
  locale: string;
  menuOpen: boolean;
  extraProperties: Record<string, unknown>;
  grantedPolicies: Record<string, boolean>;
  policies: Record<string, boolean>;
  i18nReady: boolean;
  /** Persisted under `language`. */
  language: Language;
  /** Persisted under `tenantFilter`; null means no filter chosen (host level). */
  tenantFilter: string | null;
  /** Persisted under `theme`. */
  theme: ThemeMode;
}

type Listener = () => void;

export interface AppStore {
  getState(): AppState;
  setState(patch: Partial<AppState>): void;
  subscribe(listener: Listener): () => void;
}

/** The subset of `Storage` the store uses, so tests can pass a map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function parseLanguage(value: string | null | undefined): Language {
  const short = value?.split('-')[0]?.toLowerCase();
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(short ?? '')
    ? (short as Language)
    : DEFAULT_LANGUAGE;
}

function readPersisted(
  storage: KeyValueStorage | undefined,
): Pick<AppState, 'language' | 'tenantFilter' | 'theme'> {
  return {
    language: parseLanguage(storage?.getItem(STORAGE_KEYS.language)),
    tenantFilter: storage?.getItem(STORAGE_KEYS.tenantFilter) || null,
    theme: parseThemeMode(storage?.getItem(STORAGE_KEYS.theme)),
  };
}

function writePersisted(storage: KeyValueStorage | undefined, previous: AppState, next: AppState): void {
  if (!storage) return;
  try {
    if (next.language !== previous.language) storage.setItem(STORAGE_KEYS.language, next.language);
    if (next.theme !== previous.theme) storage.setItem(STORAGE_KEYS.theme, next.theme);
    if (next.tenantFilter !== previous.tenantFilter) {
      if (next.tenantFilter === null) storage.removeItem(STORAGE_KEYS.tenantFilter);
      else storage.setItem(STORAGE_KEYS.tenantFilter, next.tenantFilter);
    }
  } catch {
    // Private browsing or a full quota must not break the app; the choice just is not remembered.
  }
}

export function createAppStore(storage?: KeyValueStorage): AppStore {
  let state: AppState = {
    languages: [],
    currentTenant: null,
    currentUser: null,
    currentRole: [],
    locale: DEFAULT_LANGUAGE,
    menuOpen: false,
    extraProperties: {},
    grantedPolicies: {},
    policies: {},
    i18nReady: false,
    ...readPersisted(storage),
  };
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    setState(patch) {
      const next = { ...state, ...patch };
      writePersisted(storage, state, next);
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The one store of the running app. */
export const appStore = createAppStore(browserStorage());

/** Reads a slice of the global state; re-renders only when that slice changes by identity. */
export function useAppState<T>(select: (state: AppState) => T, store: AppStore = appStore): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
