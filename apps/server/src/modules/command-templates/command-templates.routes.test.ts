import { COMMAND_TEMPLATE_MESSAGE_KEYS as KEYS } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { products } from '../products/products.schema';

let t: TestApp;
let admin: TestTokens;
let noPermission: TestTokens;
let otherTenantAdmin: TestTokens;
let watchId: string;
let otherWatchId: string;
let serviceId: string;
let foreignWatchId: string;

const PERMISSIONS = ['Homeward.CommandTemplates'];

async function insertProduct(tenantId: string, kind: 'deviceFamily' | 'service', name: string) {
  const [row] = await t.database.db
    .insert(products)
    .values({ tenantId, kind, name, listPriceMinor: 100, currency: 'DKK' })
    .returning({ id: products.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const [adminA, plainA, adminB] = await Promise.all([
    g.user({ tenantId: tenantA.id, permissions: PERMISSIONS }),
    g.user({ tenantId: tenantA.id, permissions: [] }),
    g.user({ tenantId: tenantB.id, permissions: PERMISSIONS }),
  ]);
  [admin, noPermission, otherTenantAdmin] = await Promise.all([
    signIn(t, adminA),
    signIn(t, plainA),
    signIn(t, adminB),
  ]);
  watchId = await insertProduct(tenantA.id, 'deviceFamily', 'Stella Watch 3G');
  otherWatchId = await insertProduct(tenantA.id, 'deviceFamily', 'Other Watch');
  serviceId = await insertProduct(tenantA.id, 'service', 'Installation');
  foreignWatchId = await insertProduct(tenantB.id, 'deviceFamily', 'Foreign Watch');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tokens: TestTokens, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
const create = (tokens: TestTokens, payload: object) =>
  call(tokens, 'POST', '/api/command-templates', payload);
const fieldErrors = (response: { json(): { error: { validationErrors?: unknown[] } } }) =>
  response.json().error.validationErrors;

const SOS = {
  name: 'SOS numbers',
  description: 'Three numbers',
  commandText: 'SOS,%{phone1},%{phone2},%{phone3}',
  variables: [
    { name: 'phone1', inputType: 'phone', example: '+4520123456' },
    { name: 'phone2', inputType: 'phone', example: '' },
    { name: 'phone3', inputType: 'phone' },
  ],
};

describe('command templates', () => {
  it('creates, reads, updates and deletes a template with its product', async () => {
    const created = await create(admin, { ...SOS, productId: watchId });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({
      name: 'SOS numbers',
      productId: watchId,
      productName: 'Stella Watch 3G',
      isTextMessage: false,
      variables: [{ name: 'phone1', inputType: 'phone', example: '+4520123456' }, {}, { example: '' }],
    });
    expect((await call(admin, 'GET', `/api/command-templates/${id}`)).json()).toEqual(created.json());

    const updated = await call(admin, 'PUT', `/api/command-templates/${id}`, {
      name: 'Reset password',
      commandText: 'pw,123456,%{newPassword}#',
      variables: [{ name: 'newPassword' }],
      isTextMessage: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ productId: null, productName: null, isTextMessage: true });

    expect((await call(admin, 'DELETE', `/api/command-templates/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/command-templates/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/command-templates/${id}`)).statusCode).toBe(404);
  });

  it('lists with search, a product filter that keeps "any product" templates, sorting and paging', async () => {
    for (const [name, commandText, productId] of [
      ['List CR', 'CR', null],
      ['List FIND', 'FIND', watchId],
      ['List POWEROFF', 'POWEROFF', otherWatchId],
    ] as const) {
      expect((await create(admin, { name, commandText, productId })).statusCode).toBe(201);
    }
    const names = async (query: string) =>
      (await call(admin, 'GET', `/api/command-templates?${query}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('filter=List&sorting=name%20desc')).toEqual(['List POWEROFF', 'List FIND', 'List CR']);
    expect(await names(`filter=List&productId=${watchId}&sorting=name`)).toEqual(['List CR', 'List FIND']);
    expect(await names('filter=poweroff')).toEqual(['List POWEROFF']);
    const page = (await call(admin, 'GET', '/api/command-templates?filter=List&maxResultCount=2')).json();
    expect(page).toMatchObject({ totalCount: 3 });
    expect(page.items).toHaveLength(2);
  });

  it('answers at most 100 templates per request and refuses to be asked for more', async () => {
    expect((await call(admin, 'GET', '/api/command-templates?maxResultCount=100')).statusCode).toBe(200);
    const tooMany = await call(admin, 'GET', '/api/command-templates?maxResultCount=101');
    expect(tooMany.statusCode).toBe(400);
    expect(fieldErrors(tooMany)).toEqual([expect.objectContaining({ field: 'maxResultCount' })]);
  });

  it('refuses %{var} rule breaks with the spec §5 messages on the fields they concern', async () => {
    const response = await create(admin, {
      name: 'Broken',
      commandText: 'CENTER,%{phone},%{extra}',
      variables: [{ name: 'phone' }, { name: 'unused' }],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      { field: 'commandText', message: KEYS.variableNotDeclared, params: { names: 'extra' } },
      {
        field: 'variables.1.name',
        message: KEYS.variableNotUsed,
        params: { name: 'unused', placeholder: '%{unused}' },
      },
    ]);
  });

  it('keeps names unique in the tenant in any case, also on update', async () => {
    expect((await create(admin, { name: 'Find watch', commandText: 'FIND' })).statusCode).toBe(201);
    const duplicate = await create(admin, { name: 'FIND WATCH', commandText: 'FIND' });
    expect(duplicate.statusCode).toBe(400);
    expect(fieldErrors(duplicate)).toEqual([{ field: 'name', message: KEYS.nameTaken }]);

    const other = (await create(admin, { name: 'Find watch 2', commandText: 'FIND' })).json();
    const renamed = await call(admin, 'PUT', `/api/command-templates/${other.id}`, {
      name: 'find watch',
      commandText: 'FIND',
    });
    expect(fieldErrors(renamed)).toEqual([{ field: 'name', message: KEYS.nameTaken }]);
    // Another tenant may use the name.
    expect((await create(otherTenantAdmin, { name: 'Find watch', commandText: 'FIND' })).statusCode).toBe(
      201,
    );
  });

  it('links only device families of the caller’s own tenant', async () => {
    for (const productId of [foreignWatchId, serviceId, '01900000-0000-7000-8000-000000000000']) {
      const response = await create(admin, { name: `Linked ${productId}`, commandText: 'CR', productId });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response)).toEqual([{ field: 'productId', message: KEYS.unknownProduct }]);
    }
    const lookup = (await call(admin, 'GET', '/api/command-templates/product-lookup?filter=watch')).json();
    expect(lookup.items.map((item: { displayName: string }) => item.displayName)).toEqual([
      'Other Watch',
      'Stella Watch 3G',
    ]);
  });

  it('hides a tenant’s templates from another tenant (404 by id)', async () => {
    const { id } = (await create(admin, { name: 'Private', commandText: 'CR' })).json();
    expect((await call(otherTenantAdmin, 'GET', `/api/command-templates/${id}`)).statusCode).toBe(404);
    const update = await call(otherTenantAdmin, 'PUT', `/api/command-templates/${id}`, {
      name: 'Hijacked',
      commandText: 'CR',
    });
    expect(update.statusCode).toBe(404);
    expect((await call(otherTenantAdmin, 'DELETE', `/api/command-templates/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/command-templates/${id}`)).json().name).toBe('Private');
  });

  it('requires the command templates permission', async () => {
    expect((await call(noPermission, 'GET', '/api/command-templates')).statusCode).toBe(403);
    expect((await create(noPermission, { name: 'No', commandText: 'CR' })).statusCode).toBe(403);
  });
});
