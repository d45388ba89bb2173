import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BLOB, endpoint, endpointGroup, zNoContent } from '@homeward/contracts';
import { ApiContractError } from './api-contract-error';
import { ApiRequestError } from './api-request-error';
import { callEndpoint, downloadEndpoint, endpointUrl } from './endpoint-client';
import { activateUserManager } from '../auth/sign-in-session';
import { signedInTestUserManager } from '../auth/test-sign-in';
import { appStore } from '../state/app-store';

const zPet = z.object({ id: z.uuid(), name: z.string(), bornAt: z.iso.datetime({ offset: true }) });
const petEndpoints = endpointGroup('pets', {
  get: endpoint('GET', '/api/owners/:ownerId/pets/:id', { response: zPet }),
  list: endpoint('GET', '/api/pets', {
    query: z.object({ filter: z.string().optional(), skipCount: z.coerce.number().optional() }),
    response: z.object({ items: z.array(zPet) }),
  }),
  rename: endpoint('PUT', '/api/pets/:id', { body: z.object({ name: z.string() }), response: zPet }),
  delete: endpoint('DELETE', '/api/pets/:id', { response: zNoContent }),
  photo: endpoint('PUT', '/api/pets/:id/photo', { body: BLOB, response: zPet }),
  export: endpoint('GET', '/api/pets/export', { query: z.object({ filter: z.string() }), response: BLOB }),
});

const PET = { id: '0190f5a2-7c1e-7000-8000-000000000001', name: 'Fido', bornAt: '2020-05-01T10:00:00.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  activateUserManager(undefined);
});

/** Stubs `fetch` with one answer; returns the recorded calls. */
function stubFetch(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('callEndpoint', () => {
  it('fills the path parameters, sends the query and returns the parsed answer', async () => {
    const fetchMock = stubFetch(() => Response.json({ items: [PET] }));
    const list = await callEndpoint(petEndpoints.list, { query: { filter: 'fi do', skipCount: 0 } });
    expect(list).toEqual({ items: [PET] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pets?filter=fi+do&skipCount=0');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');

    stubFetch(() => Response.json(PET));
    await expect(callEndpoint(petEndpoints.get, { params: { ownerId: 'a/b', id: PET.id } })).resolves.toEqual(
      PET,
    );
  });

  it('keeps ISO times as the strings JSON carries, and drops fields the contract does not know', async () => {
    stubFetch(() => Response.json({ ...PET, secret: 'x' }));
    const pet = await callEndpoint(petEndpoints.get, { params: { ownerId: 'o', id: PET.id } });
    expect(pet.bornAt).toBe('2020-05-01T10:00:00.000Z');
    expect(pet).not.toHaveProperty('secret');
  });

  it('sends the body as JSON with the usual headers', async () => {
    const fetchMock = stubFetch(() => Response.json({ ...PET, name: 'Rex' }));
    await signedInTestUserManager({ sub: 'user-7' });
    appStore.setState({ language: 'da' });
    await callEndpoint(petEndpoints.rename, { params: { id: PET.id }, body: { name: 'Rex' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe(`/api/pets/${PET.id}`);
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"Rex"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer access-user-7');
    expect(headers.get('Accept-Language')).toBe('da');
  });

  it('sends a file body as it is, typed by the file', async () => {
    const fetchMock = stubFetch(() => Response.json(PET));
    const photo = new Blob(['png'], { type: 'image/png' });
    await callEndpoint(petEndpoints.photo, { params: { id: PET.id }, body: photo });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(photo);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
  });

  it('resolves to undefined for an answer without a body, and sends no body where none is declared', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(callEndpoint(petEndpoints.delete, { params: { id: PET.id } })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('refuses an answer that does not match the contract, naming the endpoint and the field', async () => {
    stubFetch(() => Response.json({ ...PET, name: 42 }));
    const error = await callEndpoint(petEndpoints.get, { params: { ownerId: 'o', id: PET.id } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiContractError);
    // Shown like any failed call: a request error with the answer's status and no error body.
    expect(error).toBeInstanceOf(ApiRequestError);
    const contractError = error as ApiContractError;
    expect(contractError.status).toBe(200);
    expect(contractError.body).toBeUndefined();
    expect(contractError.endpointName).toBe('pets.get');
    expect(contractError.message).toMatch(/^The answer of pets\.get does not match its contract: name: /);
    expect(contractError.message).not.toContain('42');
  });

  it('refuses an answer that is not JSON, and a body where none is expected', async () => {
    stubFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(callEndpoint(petEndpoints.list)).rejects.toBeInstanceOf(ApiContractError);
    stubFetch(() => Response.json({ deleted: true }));
    await expect(callEndpoint(petEndpoints.delete, { params: { id: PET.id } })).rejects.toBeInstanceOf(
      ApiContractError,
    );
  });

  it('throws the status and the error body of a refused call, as apiFetch does', async () => {
    const body = { error: { code: 'not_found', message: 'Pet not found' } };
    stubFetch(() => Response.json(body, { status: 404 }));
    const error = await callEndpoint(petEndpoints.get, { params: { ownerId: 'o', id: PET.id } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).not.toBeInstanceOf(ApiContractError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).code).toBe('not_found');
    expect((error as ApiRequestError).message).toBe('Pet not found');
  });

  it('forgets the stored user when the API refuses its token', async () => {
    stubFetch(() => Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 }));
    const userManager = await signedInTestUserManager();
    await expect(callEndpoint(petEndpoints.list)).rejects.toMatchObject({ status: 401 });
    expect(await userManager.getUser()).toBeNull();
  });
});

describe('endpointUrl', () => {
  it('encodes path parameters and leaves out empty query values', () => {
    expect(
      endpointUrl(petEndpoints.get, { params: { ownerId: 'da DK/x', id: '1' }, query: { a: '', b: null } }),
    ).toBe('/api/owners/da%20DK%2Fx/pets/1');
    expect(endpointUrl(petEndpoints.list, { query: { filter: 'a&b', skipCount: undefined } })).toBe(
      '/api/pets?filter=a%26b',
    );
  });

  it('says which parameter is missing', () => {
    expect(() => endpointUrl(petEndpoints.get, { params: { ownerId: 'o' } })).toThrow(
      'pets.get: no value for the path parameter id',
    );
  });
});

describe('downloadEndpoint', () => {
  it('downloads the file under the name the server gives', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response('xlsx', {
          headers: { 'Content-Disposition': 'attachment; filename="pets-2026.xlsx"' },
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadEndpoint(petEndpoints.export, { query: { filter: 'x' } }, 'pets.xlsx');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pets/export?filter=x');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept')).toBe('*/*');
    expect(clicked).toEqual(['pets-2026.xlsx']);
  });
});
