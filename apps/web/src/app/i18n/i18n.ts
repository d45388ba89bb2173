import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
  TRANSLATION_LOADING,
} from '@homeward/contracts';
import { appStore, parseLanguage } from '../state/app-store';
import { BOOTSTRAP_RESOURCES } from './bootstrap-text';
import { createLanguageDetector } from './language-detector';
import { createTranslationBackend } from './translation-backend';
import { configuredLanguageToUse } from '../../features/languages/configured-language';

/**
 * Namespaces fetched from the server before the app renders; one per feature (STYLE: keys are
 * namespaced by feature). `account` is not here: only the server's sign-in pages use it.
 */
export const LOADED_NAMESPACES = [
  TRANSLATION_LOADING.defaultNamespace,
  'legal',
  'auth',
  'registration',
  'identity',
  'permissions',
  'devices',
  'organizations',
  'profile',
  'settings',
  'tenants',
  'customers',
  'products',
  'orders',
  'invoices',
  'batteryLevels',
  'vitals',
  'liveMap',
  'languages',
  'audit',
  'wifi',
  'simcards',
  'geofences',
  'citizens',
  'citizenPage',
  'alarms',
  'commandTemplates',
  'alarmTexts',
  'messages',
  'householdMembers',
  'billing',
  'billingAccount',
  'deviceAdministration',
  'reports',
  'push',
] as const;

/** The bundled `bootstrap` namespace; everything else comes from the server. */
const bundledResources = Object.fromEntries(
  Object.entries(BOOTSTRAP_RESOURCES).map(([lng, bootstrap]) => [lng, { bootstrap }]),
);

export const i18nOptions: InitOptions = {
  defaultNS: TRANSLATION_LOADING.defaultNamespace,
  ns: [...LOADED_NAMESPACES],
  keySeparator: TRANSLATION_LOADING.keySeparator,
  nsSeparator: TRANSLATION_LOADING.nsSeparator,
  interpolation: {
    prefix: TRANSLATION_LOADING.interpolationPrefix,
    suffix: TRANSLATION_LOADING.interpolationSuffix,
    // React escapes text already.
    escapeValue: false,
  },
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'languageOnly',
  // i18next reads at most maxParallelReads namespaces at once and retries a read the backend marks
  // as retryable maxRetries times, waiting retryTimeout and doubling it each time (translation-backend.ts).
  maxParallelReads: TRANSLATION_LOADING.maxParallelReads,
  maxRetries: TRANSLATION_LOADING.maxRetries,
  retryTimeout: TRANSLATION_LOADING.retryTimeoutMs,
  partialBundledLanguages: true,
  resources: bundledResources,
  // The bootstrap gate renders nothing translated before loading finishes, so nothing needs to suspend.
  react: { useSuspense: false },
};

export const i18n = i18next.createInstance();
let initialised: Promise<unknown> | undefined;

function applyLanguage(lng: string): void {
  const language = parseLanguage(lng);
  document.documentElement.lang = language;
  appStore.setState({ language });
}

/** Whether the visitor picked a language: `?lng` in the address or a stored earlier choice. */
function visitorChoseLanguage(): boolean {
  try {
    return (
      new URLSearchParams(window.location.search).has(TRANSLATION_LOADING.queryParameter) ||
      window.localStorage.getItem(STORAGE_KEYS.language) !== null
    );
  } catch {
    return false;
  }
}

/**
 * Applies language management once the configuration's languages arrive (they load alongside the
 * translations): a new visitor gets the default language, and a disabled language is left.
 */
function followConfiguredLanguages(ready: Promise<unknown>, visitorChose: boolean): void {
  let seen = appStore.getState().languages;
  let chose = visitorChose;
  const follow = () => {
    const { languages } = appStore.getState();
    if (languages.length === 0) return;
    const next = configuredLanguageToUse({ current: i18n.language, languages, visitorChose: chose });
    // Only the first configuration decides for a new visitor; later ones only leave disabled languages.
    chose = true;
    if (next) void i18n.changeLanguage(next);
  };
  appStore.subscribe(() => {
    const { languages } = appStore.getState();
    if (languages === seen) return;
    seen = languages;
    // After init, so init's own detection cannot overwrite the switch.
    void ready.then(follow, () => undefined);
  });
  void ready.then(follow, () => undefined);
}

/**
 * Loads every namespace for the current language and its fallback. Resolves only when all of them
 * arrived; i18next itself resolves even on failure, so the bundles are checked afterwards.
 */
export async function loadTranslations(): Promise<void> {
  if (!initialised) {
    // Read before init: the detector stores the language it settles on.
    const visitorChose = visitorChoseLanguage();
    i18n.on('languageChanged', applyLanguage);
    initialised = i18n
      .use(createTranslationBackend())
      .use(createLanguageDetector())
      .use(initReactI18next)
      .init(i18nOptions);
    followConfiguredLanguages(initialised, visitorChose);
    await initialised;
  } else {
    await initialised;
    await i18n.reloadResources(i18n.languages, [...LOADED_NAMESPACES]);
  }
  const languages = i18n.languages?.length ? i18n.languages : [DEFAULT_LANGUAGE];
  const missing = languages.flatMap((lng) =>
    LOADED_NAMESPACES.filter((ns) => !i18n.hasResourceBundle(lng, ns)).map((ns) => `${lng}/${ns}`),
  );
  if (missing.length > 0) throw new Error(`Translations could not be loaded: ${missing.join(', ')}`);
  appStore.setState({ i18nReady: true });
}
