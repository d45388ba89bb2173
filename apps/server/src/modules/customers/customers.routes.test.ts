import { ALL_TENANTS_ID, TENANT_FILTER_HEADER } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;
let host: TestTokens;
let tenantName: string;

const CUSTOMERS_FULL = [
  'Homeward.Customers',
  'Homeward.Customers.Create',
  'Homeward.Customers.Edit',
  'Homeward.Customers.Delete',
  'Homeward.Customers.ManagePrices',
  'Homeward.Accessories',
  'Homeward.Accessories.Create',
];

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const tenant = await g.tenant();
  tenantName = tenant.name;
  const role = await g.role({ tenantId: tenant.id, permissions: CUSTOMERS_FULL });
  const readOnly = await g.role({ tenantId: tenant.id, permissions: ['Homeward.Customers'] });
  const hostRole = await g.role({
    permissions: [
      'Homeward.Customers',
      'Homeward.Customers.Create',
      'Homeward.Tenants',
      'Homeward.Tenants.Filter',
    ],
  });
  [admin, viewer, host] = await Promise.all([
    signIn(t, await g.user({ tenantId: tenant.id, roles: [role] })),
    signIn(t, await g.user({ tenantId: tenant.id, roles: [readOnly] })),
    signIn(t, await g.user({ tenantId: null, roles: [hostRole] })),
  ]);
});
afterAll(async () => {
  await t.close();
});

const send = (
  tokens: TestTokens,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({ method, url, headers: { ...bearer(tokens), ...headers }, ...(payload ? { payload } : {}) });

const createCustomer = async (body: object) => {
  const response = await send(admin, 'POST', '/api/customers', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string };
};

describe('customers', () => {
  it('creates a customer with every field and reads it back', async () => {
    const body = {
      name: 'Aarhus Hjemmepleje',
      address: 'Rådhuspladsen 2',
      city: 'Aarhus',
      zipCode: '8000',
      country: 'Danmark',
      email: 'pleje@aarhus.example',
      invoiceEmail: 'faktura@aarhus.example',
      agreementResponsibleName: 'Mette Hansen',
      agreementResponsiblePhone: '+4587654321',
      agreementResponsibleEmail: 'mette@aarhus.example',
      phone: '87654321',
      status: 'active',
      preferredBillingMethod: 'ean',
      type: 'municipality',
      taxZone: 'domestic',
      currency: 'DKK',
      cvr: '55133018',
      ean: '5798000000001',
      note: 'Main account',
    };
    const created = await createCustomer(body);
    const read = await send(viewer, 'GET', `/api/customers/${created.id}`);
    expect(read.json()).toMatchObject({ ...body, discountPercentage: 0, contactCount: 0, tenantName });
    expect(read.json().linkedOrganizations).toEqual([]);
  });

  it('lists the organizations linked to the customer on its read', async () => {
    const customer = await createCustomer({ name: 'Linked customer' });
    const tenantId = (await send(admin, 'GET', `/api/customers/${customer.id}`)).json().tenantId as string;
    const g = given(t.database.db);
    const north = await g.organization(tenantId, 'Distrikt Nord');
    await g.organization(tenantId, 'Unlinked');
    await t.database.db
      .update(organizationUnits)
      .set({ customerId: customer.id })
      .where(eq(organizationUnits.id, north.id));
    const read = (await send(admin, 'GET', `/api/customers/${customer.id}`)).json();
    expect(read.linkedOrganizations).toEqual([{ id: north.id, displayName: 'Distrikt Nord' }]);
  });

  it('refuses a 12-digit EAN, a short CVR and bad e-mails with the generic keys, and saves nothing', async () => {
    const response = await send(admin, 'POST', '/api/customers', {
      name: 'Broken',
      ean: '579800000000',
      cvr: '1234',
      email: 'not-an-email',
      phone: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'ean', message: 'validation.exactLength', params: { count: 13 } },
        { field: 'cvr', message: 'validation.exactLength', params: { count: 8 } },
        { field: 'email', message: 'validation.email' },
        { field: 'phone', message: 'validation.digitsOnly' },
      ]),
    );
    const letters = await send(admin, 'POST', '/api/customers', { name: 'x', ean: '57980000000AB' });
    expect(letters.json().error.validationErrors).toEqual([
      { field: 'ean', message: 'validation.digitsOnly' },
    ]);
    const missing = await send(admin, 'POST', '/api/customers', {});
    expect(missing.json().error.validationErrors).toEqual([
      { field: 'name', message: 'validation.required' },
    ]);
    expect((await send(admin, 'GET', '/api/customers?filter=Broken')).json().totalCount).toBe(0);
  });

  it('pages, sorts and searches on the server', async () => {
    for (const name of ['Zeta Pleje', 'alpha Pleje', 'Beta Pleje'])
      await createCustomer({ name, city: 'Odense' });
    const sorted = (
      await send(admin, 'GET', '/api/customers?filter=pleje&sorting=name%20asc&maxResultCount=2')
    ).json();
    expect(sorted.totalCount).toBe(4);
    expect(sorted.items.map((item: { name: string }) => item.name)).toEqual([
      'Aarhus Hjemmepleje',
      'alpha Pleje',
    ]);
    const last = (
      await send(admin, 'GET', '/api/customers?filter=pleje&sorting=name%20desc&skipCount=3')
    ).json();
    expect(last.items.map((item: { name: string }) => item.name)).toEqual(['Aarhus Hjemmepleje']);
    expect((await send(admin, 'GET', '/api/customers?filter=55133018')).json().totalCount).toBe(1);
    expect((await send(admin, 'GET', '/api/customers?sorting=secret')).statusCode).toBe(400);
  });

  it('updates and deletes; unknown ids are 404; readers cannot write', async () => {
    const { id } = await createCustomer({ name: 'Temporary' });
    const updated = await send(admin, 'PUT', `/api/customers/${id}`, {
      name: 'Temporary 2',
      status: 'inactive',
    });
    expect(updated.json()).toMatchObject({ name: 'Temporary 2', status: 'inactive' });
    expect((await send(viewer, 'PUT', `/api/customers/${id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await send(viewer, 'DELETE', `/api/customers/${id}`)).statusCode).toBe(403);
    expect(
      (await send(viewer, 'PUT', `/api/customers/${id}/discount`, { discountPercentage: 5 })).statusCode,
    ).toBe(403);
    expect((await send(admin, 'DELETE', `/api/customers/${id}`)).statusCode).toBe(204);
    for (const [method, url] of [
      ['GET', `/api/customers/${id}`],
      ['PUT', `/api/customers/${id}`],
      ['DELETE', `/api/customers/${id}`],
      ['GET', `/api/customers/${id}/prices`],
      ['POST', `/api/customers/${id}/prices/reset`],
    ] as const) {
      expect((await send(admin, method, url, method === 'PUT' ? { name: 'x' } : undefined)).statusCode).toBe(
        404,
      );
    }
  });

  it('prices: list prices, a 12.5 % discount, a custom price, and reset', async () => {
    const { id } = await createCustomer({ name: 'Priced customer' });
    const product = (
      await send(admin, 'POST', '/api/products', {
        kind: 'subscription',
        name: 'Monthly plan',
        listPriceMinor: 19_900,
        currency: 'DKK',
      })
    ).json();
    const discount = await send(admin, 'PUT', `/api/customers/${id}/discount`, { discountPercentage: 12.5 });
    expect(discount.json()).toMatchObject({ discountPercentage: 12.5 });
    const plan = () =>
      (discount.json() as { items: { productId: string }[] }).items.find(
        (item) => item.productId === product.id,
      );
    expect(plan()).toMatchObject({ listPriceMinor: 19_900, customerPriceMinor: null, netPriceMinor: 17_413 });

    const priced = await send(admin, 'PUT', `/api/customers/${id}/prices`, {
      prices: [{ productId: product.id, priceMinor: 15_000 }],
    });
    expect(
      priced.json().items.find((item: { productId: string }) => item.productId === product.id),
    ).toMatchObject({
      customerPriceMinor: 15_000,
      netPriceMinor: 13_125,
    });
    const reset = await send(admin, 'POST', `/api/customers/${id}/prices/reset`);
    expect(
      reset.json().items.find((item: { productId: string }) => item.productId === product.id),
    ).toMatchObject({
      customerPriceMinor: null,
      netPriceMinor: 17_413,
    });
    expect((await send(admin, 'GET', `/api/customers/${id}`)).json().discountPercentage).toBe(12.5);
  });

  it('refuses a discount of 101, -1 or 12.345 and unknown products; nothing changes', async () => {
    const { id } = await createCustomer({ name: 'Strict customer' });
    const cases: [unknown, object][] = [
      [101, { field: 'discountPercentage', message: 'validation.numberMax', params: { count: 100 } }],
      [-1, { field: 'discountPercentage', message: 'validation.numberMin', params: { count: 0 } }],
      [12.345, { field: 'discountPercentage', message: 'validation.invalid' }],
      ['ten', { field: 'discountPercentage', message: 'validation.mustBeNumber' }],
    ];
    for (const [value, error] of cases) {
      const response = await send(admin, 'PUT', `/api/customers/${id}/discount`, {
        discountPercentage: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.validationErrors).toEqual([error]);
    }
    const unknown = await send(admin, 'PUT', `/api/customers/${id}/prices`, {
      prices: [{ productId: '0190a0a0-0000-7000-8000-000000000000', priceMinor: 1 }],
    });
    expect(unknown.json().error.validationErrors).toEqual([
      { field: 'prices.0.productId', message: 'customers:unknownProduct' },
    ]);
    expect((await send(admin, 'GET', `/api/customers/${id}`)).json().discountPercentage).toBe(0);
  });

  it('shows a host every tenant’s customers under All tenants, read-only', async () => {
    const all = { [TENANT_FILTER_HEADER]: ALL_TENANTS_ID };
    const page = (await send(host, 'GET', '/api/customers?filter=Aarhus', undefined, all)).json();
    expect(page.items).toEqual([expect.objectContaining({ name: 'Aarhus Hjemmepleje', tenantName })]);
    expect((await send(host, 'GET', '/api/customers?filter=Aarhus')).json().totalCount).toBe(0);
    const write = await send(host, 'POST', '/api/customers', { name: 'Everyone' }, all);
    expect(write.statusCode).toBe(400);
    expect(write.json().error.message).toBeTruthy();
    expect(
      (await send(host, 'GET', '/api/customers?filter=Everyone', undefined, all)).json().totalCount,
    ).toBe(0);
  });
});
