import { TENANT_FILTER_HEADER } from '@homeward/contracts';
import { currentAccessToken, forgetSignedInUser } from '../auth/sign-in-session';
import { appStore } from '../state/app-store';
import { ApiRequestError } from './api-request-error';
import { tenantFilterHeaderOf } from './tenant-filter-header';

/**
 * Calls the application API. Every call carries the stored language as Accept-Language and, when
 * someone is signed in, their access token as a bearer token (spec §7), and a host user's tenant
 * filter (spec §6). The token is read from the
 * sign-in store at call time, so callers outside React send it too. Non-2xx answers throw
 * `ApiRequestError`; a 401 to a call that sent a token means the token is no longer accepted, so the
 * stored user is dropped and the app falls back to signing in again.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  const text = await response.text();
  return (text ? safeJson(text) : undefined) as T;
}

/**
 * The raw answer of an API call with the same headers as `apiFetch` (downloads read it as a blob).
 * Non-2xx answers throw `ApiRequestError`, as in `apiFetch`.
 */
export async function apiResponse(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const state = appStore.getState();
  headers.set('Accept-Language', state.language);
  const tenantFilter = tenantFilterHeaderOf(state);
  if (tenantFilter !== undefined && !headers.has(TENANT_FILTER_HEADER)) {
    headers.set(TENANT_FILTER_HEADER, tenantFilter);
  }
  const accessToken = headers.has('Authorization') ? undefined : await currentAccessToken();
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiRequestError(undefined, undefined);
  }
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && accessToken) await forgetSignedInUser();
    // zod is only needed on the error path; loading it here keeps ~25 KB gzip off the home route.
    const { parseApiError } = await import('./parse-api-error');
    throw new ApiRequestError(response.status, parseApiError(text ? safeJson(text) : undefined));
  }
  return response;
}

/** The JSON in an answer's text, or the text itself when it is not JSON (a proxy's error page). */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
