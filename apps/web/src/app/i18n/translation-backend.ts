import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/*
 * How i18next fetches a namespace: a few lines of our own instead of i18next-http-backend (3.7 KB
 * gzip, mostly options and request code for environments the app never runs in). The loading
 * rules of spec §7 and §9 stay with i18next itself, which this backend only feeds: it reads at most
 * `maxParallelReads` (10) namespaces at a time, and when a read fails with the retry flag set it
 * tries again up to `maxRetries` (5) times, waiting `retryTimeout` (350 ms) and doubling the wait
 * each time (i18next BackendConnector.read). This file decides the flag.
 */

/** Where a namespace is served; the server answers the JSON resource of `ns` in `lng`. */
export function translationPath(lng: string, ns: string): string {
  return `/api/localization/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}`;
}

/** Spec §7: a translation load is retried on a 5xx or with no status (network error), never on a 4xx. */
export function shouldRetryTranslationLoad(status?: number): boolean {
  if (status === undefined || status === 0) return true;
  return status >= 500 && status < 600;
}

/**
 * Reads one namespace with `fetchImpl`. A failure is handed to i18next with the retry flag of
 * `shouldRetryTranslationLoad`; an answer that is not JSON is final (retrying would read it again).
 */
export async function readTranslations(
  lng: string,
  ns: string,
  callback: ReadCallback,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(translationPath(lng, ns), { headers: { Accept: 'application/json' } });
  } catch {
    callback(new Error(`Translations ${lng}/${ns} could not be fetched`), shouldRetryTranslationLoad());
    return;
  }
  if (!response.ok) {
    callback(
      new Error(`Translations ${lng}/${ns} were answered with status ${response.status}`),
      shouldRetryTranslationLoad(response.status),
    );
    return;
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    // The connection broke while the body arrived: a network error like any other.
    callback(new Error(`Translations ${lng}/${ns} could not be read`), shouldRetryTranslationLoad());
    return;
  }
  let resource: ResourceKey;
  try {
    resource = JSON.parse(body) as ResourceKey;
  } catch {
    callback(new Error(`Translations ${lng}/${ns} are not JSON`), false);
    return;
  }
  callback(null, resource);
}

/** The i18next backend of the app: `readTranslations` over the browser's fetch (or a test's). */
export function createTranslationBackend(fetchImpl?: typeof fetch): BackendModule {
  return {
    type: 'backend',
    // read(language, namespace, callback): i18next passes the retry flag back through the callback.
    callbackApi: true,
    init: () => undefined,
    read: (lng, ns, callback) => void readTranslations(lng, ns, callback, fetchImpl),
  };
}
