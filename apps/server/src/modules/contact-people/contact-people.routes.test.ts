import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { seedContactRoles } from './contact-roles';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;
let customerId: string;
let otherCustomerId: string;
let roles: { id: string; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const tenant = await g.tenant();
  await seedContactRoles(t.database.db, tenant.id);
  const full = [
    'Homeward.Customers',
    'Homeward.Customers.Create',
    'Homeward.Customers.Delete',
    'Homeward.ContactPeople',
    'Homeward.ContactPeople.Create',
    'Homeward.ContactPeople.Edit',
    'Homeward.ContactPeople.Delete',
  ];
  const role = await g.role({ tenantId: tenant.id, permissions: full });
  const readOnly = await g.role({ tenantId: tenant.id, permissions: ['Homeward.ContactPeople'] });
  [admin, viewer] = await Promise.all([
    signIn(t, await g.user({ tenantId: tenant.id, roles: [role] })),
    signIn(t, await g.user({ tenantId: tenant.id, roles: [readOnly] })),
  ]);
  customerId = (await send(admin, 'POST', '/api/customers', { name: 'Vejle Kommune' })).json().id;
  otherCustomerId = (await send(admin, 'POST', '/api/customers', { name: 'Kolding Kommune' })).json().id;
  roles = (await send(admin, 'GET', '/api/contact-roles')).json().items;
});
afterAll(async () => {
  await t.close();
});

function send(tokens: TestTokens, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
}

const anna = () => ({
  customerId,
  firstName: 'Anna',
  lastName: 'Jensen',
  email: 'anna@vejle.example',
  phone: '+4522334455',
  zip: '7100',
  street: 'Skolegade 1',
  city: 'Vejle',
  note: 'Mornings',
  roleIds: [roles[0]!.id],
});

describe('contact people', () => {
  it('starts a tenant with the default contact roles', () => {
    expect(roles.map((role) => role.name)).toEqual([
      'Agreement responsible',
      'Invoice receiver',
      'Technical contact',
    ]);
  });

  it('creates a contact with roles and lists it per customer and globally with the customer name', async () => {
    const created = await send(admin, 'POST', '/api/contact-people', anna());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      firstName: 'Anna',
      customerName: 'Vejle Kommune',
      roles: [{ id: roles[0]!.id, name: 'Agreement responsible' }],
    });
    await send(admin, 'POST', '/api/contact-people', {
      customerId: otherCustomerId,
      firstName: 'Bo',
      lastName: 'Berg',
    });
    const ofCustomer = (await send(viewer, 'GET', `/api/contact-people?customerId=${customerId}`)).json();
    expect(ofCustomer.items.map((item: { firstName: string }) => item.firstName)).toEqual(['Anna']);
    const all = (await send(viewer, 'GET', '/api/contact-people?sorting=customerName%20asc')).json();
    expect(all.items.map((item: { customerName: string }) => item.customerName)).toEqual([
      'Kolding Kommune',
      'Vejle Kommune',
    ]);
    expect((await send(viewer, 'GET', '/api/contact-people?filter=kolding')).json().totalCount).toBe(1);
    expect((await send(admin, 'GET', `/api/customers/${customerId}`)).json().contactCount).toBe(1);
  });

  it('refuses a broken e-mail, missing names and foreign references field by field', async () => {
    const response = await send(admin, 'POST', '/api/contact-people', {
      ...anna(),
      email: 'anna@',
      firstName: '',
      lastName: 'x'.repeat(65),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'validation.email' },
        { field: 'firstName', message: 'validation.required' },
        { field: 'lastName', message: 'validation.maxLength', params: { count: 64 } },
      ]),
    );
    const foreign = '0190a0a0-0000-7000-8000-000000000000';
    const customer = await send(admin, 'POST', '/api/contact-people', { ...anna(), customerId: foreign });
    expect(customer.json().error.validationErrors).toEqual([
      { field: 'customerId', message: 'customers:unknownCustomer' },
    ]);
    const role = await send(admin, 'POST', '/api/contact-people', { ...anna(), roleIds: [foreign] });
    expect(role.json().error.validationErrors).toEqual([
      { field: 'roleIds.0', message: 'customers:unknownContactRole' },
    ]);
    expect((await send(admin, 'GET', '/api/contact-people?filter=anna')).json().totalCount).toBe(1);
  });

  it('updates, deletes, answers 404 for unknown ids and 403 to readers', async () => {
    const id = (await send(admin, 'POST', '/api/contact-people', { ...anna(), firstName: 'Carl' })).json().id;
    const updated = await send(admin, 'PUT', `/api/contact-people/${id}`, {
      ...anna(),
      firstName: 'Carla',
      roleIds: [roles[1]!.id, roles[2]!.id],
    });
    expect(updated.json()).toMatchObject({
      firstName: 'Carla',
      roles: [{ id: roles[1]!.id }, { id: roles[2]!.id }],
    });
    expect((await send(viewer, 'PUT', `/api/contact-people/${id}`, anna())).statusCode).toBe(403);
    expect((await send(viewer, 'DELETE', `/api/contact-people/${id}`)).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `/api/contact-people/${id}`)).statusCode).toBe(204);
    expect((await send(admin, 'GET', `/api/contact-people/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'PUT', `/api/contact-people/${id}`, anna())).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/contact-people/${id}`)).statusCode).toBe(404);
  });

  it('manages contact roles: add, refuse a duplicate, delete (taking it off contacts)', async () => {
    const added = await send(admin, 'POST', '/api/contact-roles', { name: 'Night nurse' });
    expect(added.statusCode).toBe(201);
    const duplicate = await send(admin, 'POST', '/api/contact-roles', { name: 'night NURSE' });
    expect(duplicate.json().error.validationErrors).toEqual([
      { field: 'name', message: 'customers:contactRoleTaken' },
    ]);
    expect((await send(viewer, 'POST', '/api/contact-roles', { name: 'x' })).statusCode).toBe(403);
    const person = (
      await send(admin, 'POST', '/api/contact-people', { ...anna(), roleIds: [added.json().id] })
    ).json();
    expect((await send(admin, 'DELETE', `/api/contact-roles/${added.json().id}`)).statusCode).toBe(204);
    expect((await send(admin, 'GET', `/api/contact-people/${person.id}`)).json().roles).toEqual([]);
    expect((await send(admin, 'DELETE', `/api/contact-roles/${added.json().id}`)).statusCode).toBe(404);
  });

  it('deleting a customer deletes its contacts', async () => {
    await send(admin, 'DELETE', `/api/customers/${otherCustomerId}`);
    expect((await send(viewer, 'GET', '/api/contact-people?filter=kolding')).json().totalCount).toBe(0);
  });
});
