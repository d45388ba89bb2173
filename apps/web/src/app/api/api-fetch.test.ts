import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_TENANTS_ID, HOST_TENANT_FILTER, TENANT_FILTER_HEADER } from '@homeward/contracts';
import { apiFetch } from './api-fetch';
import { ApiRequestError } from './api-request-error';
import { activateUserManager } from '../auth/sign-in-session';
import { createTestUserManager, signedInTestUserManager } from '../auth/test-sign-in';
import { appStore } from '../state/app-store';

afterEach(() => {
  vi.unstubAllGlobals();
  activateUserManager(undefined);
});

function stubFetch(response: () => Response = () => Response.json({ ok: true })) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return () => new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers);
}

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

  it("sends the signed-in user's access token as a bearer token", async () => {
    const sentHeaders = stubFetch();
    await signedInTestUserManager({ sub: 'user-7' });
    await apiFetch('/api/x');
    expect(sentHeaders().get('Authorization')).toBe('Bearer access-user-7');
    expect(sentHeaders().get('Accept-Language')).toBe(appStore.getState().language);
  });

  it('sends no token when nobody is signed in, or the token has expired', async () => {
    const sentHeaders = stubFetch();
    await apiFetch('/api/x');
    expect(sentHeaders().has('Authorization')).toBe(false);

    createTestUserManager();
    await apiFetch('/api/x');
    expect(sentHeaders().has('Authorization')).toBe(false);

    await signedInTestUserManager({ expiresInSeconds: -10 });
    await apiFetch('/api/x');
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('keeps an Authorization header the caller set', async () => {
    const sentHeaders = stubFetch();
    await signedInTestUserManager();
    await apiFetch('/api/x', { headers: { Authorization: 'Bearer other' } });
    expect(sentHeaders().get('Authorization')).toBe('Bearer other');
  });

  it('forgets the stored user when the API refuses its token', async () => {
    stubFetch(() => Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 }));
    const userManager = await signedInTestUserManager();
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect((error as ApiRequestError).status).toBe(401);
    expect(await userManager.getUser()).toBeNull();
  });

  it('keeps the stored user on other failures', async () => {
    stubFetch(() => Response.json({ error: { code: 'forbidden', message: 'no' } }, { status: 403 }));
    const userManager = await signedInTestUserManager();
    await apiFetch('/api/x').catch(() => undefined);
    expect(await userManager.getUser()).not.toBeNull();
  });

  describe('tenant filter', () => {
    const host = { id: 'h1', userName: 'host', name: null, email: null, roles: [], tenantId: null };
    afterEach(() => {
      appStore.setState({ tenantFilter: null, currentUser: null, grantedPolicies: {} });
    });

    it("sends a host user's filter with every call", async () => {
      const sentHeaders = stubFetch();
      appStore.setState({
        currentUser: host,
        grantedPolicies: { 'Homeward.Tenants.Filter': true },
        tenantFilter: ALL_TENANTS_ID,
      });
      await apiFetch('/api/x');
      expect(sentHeaders().get(TENANT_FILTER_HEADER)).toBe(ALL_TENANTS_ID);
      appStore.setState({ tenantFilter: HOST_TENANT_FILTER });
      await apiFetch('/api/y', { method: 'POST', body: '{}' });
      expect(sentHeaders().get(TENANT_FILTER_HEADER)).toBe('host');
    });

    it('sends none without a chosen filter, without the permission, or for a tenant user', async () => {
      const sentHeaders = stubFetch();
      appStore.setState({ currentUser: host, grantedPolicies: { 'Homeward.Tenants.Filter': true } });
      await apiFetch('/api/x');
      expect(sentHeaders().has(TENANT_FILTER_HEADER)).toBe(false);

      appStore.setState({ tenantFilter: ALL_TENANTS_ID, grantedPolicies: {} });
      await apiFetch('/api/x');
      expect(sentHeaders().has(TENANT_FILTER_HEADER)).toBe(false);

      appStore.setState({
        currentUser: { ...host, tenantId: 't1' },
        grantedPolicies: { 'Homeward.Tenants.Filter': true },
      });
      await apiFetch('/api/x');
      expect(sentHeaders().has(TENANT_FILTER_HEADER)).toBe(false);
    });
  });
});
