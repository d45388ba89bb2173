import { ALL_PERMISSIONS, NATIONAL_LOGIN_CALLBACK_PATH } from '@homeward/contracts';
import { startTestBroker, TEST_BROKER_IDENTITY_CLAIM, type TestBroker } from '@homeward/tools/test-broker';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { testBrowser } from '../../test/test-browser';
import { securityLogs } from '../security-logs/security-logs.schema';
import { tenants } from '../tenants/tenants.schema';
import { saveTenantFeatures } from '../tenants/tenant-features';
import { signedInCaller, type SignedInCaller } from '../users/identity-test-callers';
import { followBrokerSignIn } from './national-login-test-support';
import { nationalIdentities } from './national-login.schema';

let t: TestApp;
let broker: TestBroker;
let host: SignedInCaller;
let staff: SignedInCaller;
let tenantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  broker = await startTestBroker({ redirectUri: `${t.config.publicUrl}${NATIONAL_LOGIN_CALLBACK_PATH}` });
  const tenant = await given(t.database.db).tenant('Aarhus Kommune');
  tenantId = tenant.id;
  await t.database.db.update(tenants).set({ cvr: '55133018' }).where(eq(tenants.id, tenantId));
  host = await signedInCaller(t, {
    tenantId: null,
    permissions: ['Homeward.Tenants', 'Homeward.Tenants.Edit'],
  });
  staff = await signedInCaller(t, {
    tenantId,
    permissions: ALL_PERMISSIONS.filter((name) => /^Homeward\.Users/.test(name)),
  });
});

afterAll(async () => {
  await broker?.stop();
  await t?.close();
});

const brokerUrl = (id: string) => `/api/tenants/${id}/national-login`;
const saveBroker = (payload: Record<string, unknown>, id = tenantId, headers = host.headers) =>
  t.app.inject({ method: 'PUT', url: brokerUrl(id), headers, payload });

describe('national login administration', () => {
  it('refuses a broker while national login is off, then takes one with the secret kept server-side', async () => {
    const payload = {
      issuer: broker.issuer,
      clientId: broker.clientId,
      clientSecret: broker.clientSecret,
      identityClaim: TEST_BROKER_IDENTITY_CLAIM,
    };
    const off = await saveBroker(payload);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('identity:nationalLogin.notEnabled');

    await saveTenantFeatures(t.database.db, tenantId, { 'Homeward.NationalLogin': true }, new Date());
    const saved = await saveBroker(payload);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      configured: true,
      issuer: broker.issuer,
      clientId: broker.clientId,
      identityClaim: TEST_BROKER_IDENTITY_CLAIM,
      hasClientSecret: true,
      redirectUri: `${t.config.publicUrl}${NATIONAL_LOGIN_CALLBACK_PATH}`,
    });
    expect(JSON.stringify(saved.json())).not.toContain(broker.clientSecret);
  });

  it('refuses a plain-http broker elsewhere, a bad claim name, a tenant caller and an unknown tenant', async () => {
    const insecure = await saveBroker({
      issuer: 'http://broker.example.com',
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json().error.validationErrors).toEqual([
      { field: 'issuer', message: 'identity:nationalLogin.insecureIssuer' },
    ]);
    const badClaim = await saveBroker({ issuer: broker.issuer, clientId: 'x', identityClaim: 'a b\u0000' });
    expect(badClaim.statusCode).toBe(400);
    const tenantCaller = await saveBroker({ issuer: broker.issuer, clientId: 'x' }, tenantId, staff.headers);
    expect(tenantCaller.statusCode).toBe(403);
    const unknown = await saveBroker(
      { issuer: broker.issuer, clientId: 'x', clientSecret: 'y' },
      '00000000-0000-4000-8000-000000000001',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('creates a national-ID user bound to the identity, stored encrypted, and refuses the identity twice', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/identity/users/national-id',
      headers: staff.headers,
      payload: {
        userName: 'anna.national',
        email: 'anna@aarhus.example',
        nationalIdentity: '0101901234-anna',
      },
    });
    expect(created.statusCode).toBe(200);
    const userId = created.json().id as string;
    const [row] = await t.database.db
      .select()
      .from(nationalIdentities)
      .where(eq(nationalIdentities.userId, userId));
    expect(row!.identityEncrypted).not.toContain('anna');
    expect(row!.identityHash).not.toContain('anna');

    const binding = await t.app.inject({
      method: 'GET',
      url: `/api/identity/users/${userId}/national-id`,
      headers: staff.headers,
    });
    expect(binding.json()).toEqual({
      userId,
      bound: true,
      identityMasked: '•••••••••••anna',
      linkedAt: null,
    });

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/identity/users/national-id',
      headers: staff.headers,
      payload: { userName: 'anna.again', email: 'anna2@aarhus.example', nationalIdentity: '0101901234-anna' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.validationErrors).toEqual([
      { field: 'nationalIdentity', message: 'identity:nationalLogin.identityTaken' },
    ]);
  });
});

describe('sign-in through the national-ID broker', () => {
  it('signs a bound user in through the broker and links the account on the first sign-in', async () => {
    const browser = testBrowser(t);
    const uid = await browser.startSignIn();
    const page = await browser.get(`/account/interaction/${uid}`);
    expect(page.body).toContain('Sign in with national ID (Aarhus Kommune)');

    const leave = await browser.get(`/account/interaction/${uid}/national-login/${tenantId}`);
    expect(leave.statusCode).toBe(303);
    expect(String(leave.headers.location)).toMatch(new RegExp(`^${broker.issuer}/auth\\?`));

    const callback = await followBrokerSignIn(String(leave.headers.location), '0101901234-anna');
    expect(callback.pathname).toBe(NATIONAL_LOGIN_CALLBACK_PATH);
    const back = await browser.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(303);
    const done = await browser.follow(back);
    const code = new URL(String(done.headers.location)).searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await browser.redeem(code!);
    expect(tokens.statusCode).toBe(200);

    const [identity] = await t.database.db.select().from(nationalIdentities);
    expect(identity!.linkedAt).not.toBeNull();
    const logged = await t.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.action, 'NationalLoginSucceeded'), eq(securityLogs.tenantId, tenantId)));
    expect(logged.map((entry) => entry.userName)).toEqual(['anna.national']);
  });

  it('refuses an identity no user is bound to, with the translated reason, and logs it', async () => {
    const browser = testBrowser(t);
    const uid = await browser.startSignIn();
    const leave = await browser.get(`/account/interaction/${uid}/national-login/${tenantId}`);
    const callback = await followBrokerSignIn(String(leave.headers.location), 'someone-unknown');
    const back = await browser.get(`${callback.pathname}${callback.search}`);
    const page = await browser.follow(back);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('No user is bound to this national ID.');
    const refused = await t.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.action, 'NationalLoginRefused'), eq(securityLogs.tenantId, tenantId)));
    expect(refused).toHaveLength(1);
    expect(JSON.stringify(refused)).not.toContain('someone-unknown');
  });

  it('shows the expired page for a callback whose state it never issued', async () => {
    const browser = testBrowser(t);
    const answer = await browser.get(`${NATIONAL_LOGIN_CALLBACK_PATH}?code=abc&state=forged`);
    expect(answer.statusCode).toBe(400);
    const nul = await browser.get(`${NATIONAL_LOGIN_CALLBACK_PATH}?state=%00`);
    expect(nul.statusCode).toBe(400);
  });
});
