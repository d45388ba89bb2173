import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';

let t: TestApp;
let adminA: TestTokens;
let viewerA: TestTokens;
let adminB: TestTokens;
let userA: GivenUser;

const IMEI = '490154203237518';
const OTHER_IMEI = '356938035643809';

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const full = ['Homeward.Devices', 'Homeward.Devices.Create'];
  userA = await g.user({
    tenantId: tenantA.id,
    roles: [await g.role({ tenantId: tenantA.id, permissions: full })],
  });
  const viewer = await g.user({
    tenantId: tenantA.id,
    roles: [await g.role({ tenantId: tenantA.id, permissions: ['Homeward.Devices'] })],
  });
  const userB = await g.user({
    tenantId: tenantB.id,
    roles: [await g.role({ tenantId: tenantB.id, permissions: full })],
  });
  [adminA, viewerA, adminB] = await Promise.all([signIn(t, userA), signIn(t, viewer), signIn(t, userB)]);
});
afterAll(async () => {
  await t.close();
});

const register = (tokens: TestTokens | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: tokens ? bearer(tokens) : {},
    payload: payload as object,
  });
const list = (tokens: TestTokens, query = '') =>
  t.app.inject({ url: `/api/devices${query}`, headers: bearer(tokens) });

describe('devices', () => {
  it('registers a watch in the caller’s tenant and lists it', async () => {
    const created = await register(adminA, { name: 'Anna’s watch', imei: IMEI });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Anna’s watch', imei: IMEI, status: 'unknown' });
    const page = (await list(adminA)).json();
    expect(page.totalCount).toBe(1);
    expect(page.items[0].imei).toBe(IMEI);
  });

  it('answers 401 without a token and 403 without Devices.Create, and creates nothing', async () => {
    expect((await register(undefined, { name: 'x', imei: OTHER_IMEI })).statusCode).toBe(401);
    const refused = await register(viewerA, { name: 'x', imei: OTHER_IMEI });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect((await list(viewerA)).json().totalCount).toBe(1);
  });

  it('refuses an IMEI with a wrong check digit or length, field by field', async () => {
    const response = await register(adminA, { name: '', imei: '490154203237519' });
    expect(response.statusCode).toBe(400);
    const errors = response.json().error.validationErrors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'imei', message: 'devices:imeiInvalid' }),
        expect.objectContaining({ field: 'name' }),
      ]),
    );
  });

  it('keeps each IMEI unique across tenants without telling which tenant has it', async () => {
    const duplicate = await register(adminB, { name: 'Copy', imei: IMEI });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.validationErrors).toEqual([
      { field: 'imei', message: 'devices:imeiTaken' },
    ]);
    expect(duplicate.body).not.toContain(userA.tenantId!);
  });

  it('never shows one tenant’s devices to another, by list or by search', async () => {
    expect((await list(adminB)).json()).toEqual({ items: [], totalCount: 0 });
    expect((await list(adminB, `?filter=${IMEI}`)).json().totalCount).toBe(0);
    expect((await list(adminA, `?filter=${IMEI.slice(0, 6)}`)).json().totalCount).toBe(1);
  });
});
