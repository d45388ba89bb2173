import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-fetch';
import { ApiRequestError } from './api-request-error';
import { appStore } from '../state/app-store';

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends the stored language and returns the parsed body', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    appStore.setState({ language: 'da' });
    await expect(apiFetch('/api/app/configuration')).resolves.toEqual({ ok: true });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Accept-Language')).toBe('da');
  });

  it('throws the status and the error body', async () => {
    const body = { error: { code: 'not_found', message: 'Not found' } };
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(body, { status: 404 })));
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).code).toBe('not_found');
  });

  it('throws without a status when the network fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect((error as ApiRequestError).status).toBeUndefined();
  });
});
