import { useCallback, useEffect, useState } from 'react';
import { QUERY_RETRY_DELAY_MS, type AppConfiguration } from '@homeward/contracts';
import { getAppConfiguration, loadedConfiguration } from '../configuration/get-app-configuration';
import { loadTranslations } from '../i18n/i18n';
import { shouldRetryQuery } from '../query/query-retry';

/*
 * What the app loads before it renders (DESIGN §7), without react-query: the anonymous home route
 * renders before react-query is loaded (app/query/with-query-client.tsx). The configuration is retried as
 * every query is (spec §7, `shouldRetryQuery`); the translations are retried by i18next itself
 * (translation-backend.ts), so they are not retried here on top.
 */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The configuration, tried up to three times 10 s apart, except after 403, 404, 500 or 503. */
export async function loadConfiguration(
  fetchConfiguration: () => Promise<AppConfiguration> = getAppConfiguration,
  delay: (ms: number) => Promise<unknown> = wait,
): Promise<AppConfiguration> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await fetchConfiguration();
    } catch (error) {
      if (!shouldRetryQuery(failures, error)) throw error;
      await delay(QUERY_RETRY_DELAY_MS);
    }
  }
}

/** `retrying`: failed, and being tried again (the error screen stays, its button busy). */
type PartStatus = 'loading' | 'loaded' | 'failed' | 'retrying';

/** Runs `load` whenever `status` asks for it, and records how it ended. */
function usePart(load: () => Promise<unknown>, initial: PartStatus = 'loading') {
  const [status, setStatus] = useState<PartStatus>(initial);
  const running = status === 'loading' || status === 'retrying';
  useEffect(() => {
    if (!running) return;
    let live = true;
    load().then(
      () => live && setStatus('loaded'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [running, load]);
  const retry = useCallback(() => setStatus((current) => (current === 'failed' ? 'retrying' : current)), []);
  return { status, retry };
}

/** One load at a time: StrictMode's second effect run joins the first instead of loading again. */
function shareInFlight(load: () => Promise<unknown>): () => Promise<unknown> {
  let current: Promise<unknown> | undefined;
  return () =>
    (current ??= load().finally(() => {
      current = undefined;
    }));
}

const loadConfigurationPart = shareInFlight(() => loadConfiguration().then(loadedConfiguration.set));
const loadTranslationsPart = shareInFlight(loadTranslations);

export interface BootstrapLoad {
  /** Both parts have arrived. */
  ready: boolean;
  /** A part failed for good (and may be being tried again). */
  failed: boolean;
  /** A failed part is being tried again. */
  retrying: boolean;
  /** Tries the failed parts again. */
  retry(): void;
}

/** Loads the configuration (into `loadedConfiguration`) and the translations, in parallel. */
export function useBootstrapLoad(): BootstrapLoad {
  const configuration = usePart(loadConfigurationPart, loadedConfiguration.get() ? 'loaded' : 'loading');
  const translations = usePart(loadTranslationsPart);
  const statuses = [configuration.status, translations.status];
  const { retry: retryConfiguration } = configuration;
  const { retry: retryTranslations } = translations;
  const retry = useCallback(() => {
    retryConfiguration();
    retryTranslations();
  }, [retryConfiguration, retryTranslations]);
  return {
    ready: statuses.every((status) => status === 'loaded'),
    failed: statuses.some((status) => status === 'failed' || status === 'retrying'),
    retrying: statuses.includes('retrying'),
    retry,
  };
}
