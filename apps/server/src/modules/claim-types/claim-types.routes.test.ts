import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { roleClaims } from '../roles/roles.schema';
import { signedInCaller } from '../users/identity-test-callers';
import { claimTypes } from './claim-types.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/identity/claim-types';
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

describe('claim types API', () => {
  it('is for the host only: a tenant administrator with every identity permission gets 403', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    expect((await t.app.inject({ method: 'GET', url: BASE, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });

  it('creates, lists, reads, updates and deletes a claim type', async () => {
    const { headers } = await signedInCaller(t, { tenantId: null });
    const name = unique('postcode');
    const created = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name, regex: '\\d{4}', regexDescription: 'Four digits', valueType: 'int' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name,
      regex: '\\d{4}',
      valueType: 'int',
      required: false,
      isStatic: false,
      description: null,
    });
    const id = created.json().id;

    const found = await t.app.inject({ method: 'GET', url: `${BASE}?filter=${name}`, headers });
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id }] });
    const all = await t.app.inject({ method: 'GET', url: `${BASE}/all`, headers });
    expect(all.json().items.map((c: { id: string }) => c.id)).toContain(id);

    const renamed = unique('zip');
    const role = await given(t.database.db).role({ tenantId: null });
    await t.database.db.insert(roleClaims).values({ roleId: role.id, claimType: name, claimValue: '8000' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers,
      payload: { name: renamed, required: true },
    });
    expect(updated.json()).toMatchObject({ name: renamed, required: true, regex: null });
    const [claim] = await t.database.db.select().from(roleClaims).where(eq(roleClaims.roleId, role.id));
    expect(claim?.claimType).toBe(renamed);

    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).statusCode).toBe(404);
    expect(await t.database.db.select().from(roleClaims).where(eq(roleClaims.roleId, role.id))).toEqual([]);
  });

  it('reports a taken name and a regex that does not compile as field errors', async () => {
    const { headers } = await signedInCaller(t, { tenantId: null });
    const name = unique('email');
    await t.app.inject({ method: 'POST', url: BASE, headers, payload: { name } });
    const response = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name: name.toUpperCase(), regex: '([a-z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { field: 'name', message: 'identity:claimTypeNameTaken' },
      { field: 'regex', message: 'identity:invalidRegex' },
    ]);
    const badType = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name: unique('x'), valueType: 'blob' },
    });
    expect(badType.json().error.validationErrors[0].field).toBe('valueType');
  });

  it('keeps static claim types: no rename, no delete', async () => {
    const { headers } = await signedInCaller(t, { tenantId: null });
    const name = unique('sub');
    const [row] = await t.database.db.insert(claimTypes).values({ name, isStatic: true }).returning();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${row!.id}`,
      headers,
      payload: { name: 'other' },
    });
    expect(rename.json().error.validationErrors).toEqual([
      { field: 'name', message: 'identity:staticClaimTypeCannotBeRenamed' },
    ]);
    const remove = await t.app.inject({ method: 'DELETE', url: `${BASE}/${row!.id}`, headers });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().error.validationErrors).toEqual([
      { field: 'id', message: 'identity:staticClaimTypeCannotBeDeleted' },
    ]);
  });
});
