import { appStore } from '../state/app-store';
import { ApiRequestError } from './api-request-error';

/**
 * Calls the application API. Every call carries the stored language as Accept-Language (spec §7);
 * the sign-in issue adds the bearer token here. Non-2xx answers throw `ApiRequestError`.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept-Language', appStore.getState().language);
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

  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    // zod is only needed on the error path; loading it here keeps ~25 KB gzip off the home route.
    const { parseApiError } = await import('./parse-api-error');
    throw new ApiRequestError(response.status, parseApiError(body));
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
