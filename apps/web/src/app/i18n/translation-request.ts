/**
 * The `request` option of i18next-http-backend. The backend hands every failure to i18next together
 * with a retry flag derived from `res.status`; this wrapper decides that flag with
 * `shouldRetryTranslationLoad`, so the rule of spec §7 lives in one tested function.
 */

/** Spec §7: a translation load is retried on a 5xx or when there is no status (network error), never on 4xx. */
export function shouldRetryTranslationLoad(status?: number): boolean {
  if (status === undefined || status === 0) return true;
  return status >= 500 && status < 600;
}

interface BackendResponse {
  status: number;
  data: string;
}
type BackendCallback = (error: unknown, response?: BackendResponse) => void;

/** Signature required by i18next-http-backend; `options` and `payload` are not needed for GETs. */
export function requestTranslations(
  _options: unknown,
  url: string,
  _payload: unknown,
  callback: BackendCallback,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): void {
  fetchImpl(url, { headers: { Accept: 'application/json' } }).then(
    async (response) => {
      if (response.ok) {
        callback(null, { status: response.status, data: await response.text() });
        return;
      }
      refuse(callback, url, response.status);
    },
    () => refuse(callback, url, undefined),
  );
}

function refuse(callback: BackendCallback, url: string, status: number | undefined): void {
  // The URL stays out of the final message: the backend scans it for network words.
  if (shouldRetryTranslationLoad(status)) {
    // A response object with a 5xx or zero status makes the backend ask i18next for a retry.
    callback(new Error(`Translation request to ${url} gave status ${status ?? 'none'}`), {
      status: status ?? 0,
      data: '',
    });
    return;
  }
  // No response object and a message without network words: the backend reports it as final.
  callback(new Error(`Translation request refused with status ${status}`));
}
