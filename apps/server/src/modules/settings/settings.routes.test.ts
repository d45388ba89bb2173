import { ALL_PERMISSIONS } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { signedInCaller } from '../users/identity-test-callers';
import { settings } from './settings.schema';
import { loadSmtpSettings } from './smtp-settings';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/setting-management';
const SETTINGS_PERMISSIONS = ALL_PERMISSIONS.filter((name) => /^Homeward\.Settings(\.|$)/.test(name));

type Headers = { authorization: string };
const get = (group: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `${BASE}/${group}`, headers });
const put = (group: string, headers: Headers, values: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/${group}`, headers, payload: { values } });
const settingOf = (body: { settings: { name: string }[] }, name: string) =>
  body.settings.find((setting) => setting.name === name) as Record<string, unknown>;

async function host(permissions = SETTINGS_PERMISSIONS) {
  return (await signedInCaller(t, { tenantId: null, permissions })).headers;
}
async function tenantAdmin(tenantId: string) {
  return (await signedInCaller(t, { tenantId, permissions: SETTINGS_PERMISSIONS })).headers;
}

describe('settings management API', () => {
  it('answers 401 without a token and checks each group’s own permission, and .Edit to save', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/identity` })).statusCode).toBe(401);
    const headers = await host(['Homeward.Settings', 'Homeward.Settings.Identity']);
    expect((await get('identity', headers)).statusCode).toBe(200);
    expect((await get('account', headers)).statusCode).toBe(403);
    expect((await put('identity', headers, { 'Identity.Lockout.LockoutDuration': 9 })).statusCode).toBe(403);
    expect((await get('nonsense', headers)).statusCode).toBe(404);
  });

  it('resolves default → host → tenant, and writes at the caller’s level only', async () => {
    const hostHeaders = await host();
    const tenantA = await given(t.database.db).tenant();
    const tenantB = await given(t.database.db).tenant();
    const adminA = await tenantAdmin(tenantA.id);
    const adminB = await tenantAdmin(tenantB.id);
    const name = 'Identity.Lockout.MaxFailedAccessAttempts';

    const before = (await get('identity', adminA)).json();
    expect(before.level).toBe('T');
    expect(settingOf(before, name)).toMatchObject({
      value: '5',
      source: 'default',
      isSet: false,
      isEditable: true,
    });

    const saved = await put('identity', hostHeaders, { [name]: 8 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().level).toBe('G');
    expect(settingOf(saved.json(), name)).toMatchObject({ value: '8', source: 'G' });
    expect(settingOf((await get('identity', adminA)).json(), name)).toMatchObject({
      value: '8',
      source: 'G',
    });

    expect((await put('identity', adminA, { [name]: '3' })).statusCode).toBe(200);
    expect(settingOf((await get('identity', adminA)).json(), name)).toMatchObject({
      value: '3',
      source: 'T',
    });
    // Neither the other tenant nor the host sees tenant A's value.
    expect(settingOf((await get('identity', adminB)).json(), name)).toMatchObject({
      value: '8',
      source: 'G',
    });
    expect(settingOf((await get('identity', hostHeaders)).json(), name)).toMatchObject({
      value: '8',
      source: 'G',
    });
    const [row] = await t.database.db
      .select()
      .from(settings)
      .where(
        and(eq(settings.name, name), eq(settings.providerName, 'T'), eq(settings.providerKey, tenantA.id)),
      );
    expect(row).toMatchObject({ value: '3', tenantId: tenantA.id });

    // null removes the tenant's own value: the host's applies again.
    expect((await put('identity', adminA, { [name]: null })).statusCode).toBe(200);
    expect(settingOf((await get('identity', adminA)).json(), name)).toMatchObject({
      value: '8',
      source: 'G',
    });
    expect((await put('identity', hostHeaders, { [name]: null })).statusCode).toBe(200);
  });

  it('refuses bad values with one field error each, and changes nothing', async () => {
    const tenant = await given(t.database.db).tenant();
    const headers = await tenantAdmin(tenant.id);
    const identity = await put('identity', headers, {
      'Identity.Password.RequiredLength': 'ten',
      'Identity.Lockout.LockoutDuration': 0,
      'Identity.Password.RequireDigit': 'yes',
      'Identity.Unknown': 1,
      'Identity.Lockout.MaxFailedAccessAttempts': 4,
    });
    expect(identity.statusCode).toBe(400);
    expect(identity.json().error.code).toBe('validation_failed');
    expect(identity.json().error.validationErrors).toEqual([
      { field: 'Identity.Password.RequiredLength', message: 'validation.mustBeNumber' },
      { field: 'Identity.Lockout.LockoutDuration', message: 'validation.numberMin', params: { count: 1 } },
      { field: 'Identity.Password.RequireDigit', message: 'settings:mustBeBoolean' },
      { field: 'Identity.Unknown', message: 'settings:unknownSetting' },
    ]);
    const others = await Promise.all([
      put('twoFactor', headers, { 'TwoFactor.Behaviour': 'sometimes' }),
      put('account', headers, {
        'Account.TermsUrl': 'not a url',
        'Account.IsSelfRegistrationEnabled': false,
      }),
      put('captcha', headers, { 'Captcha.Score': 1.5 }),
      put('identity', headers, { 'Identity.Password.RequiredLength': 50, 'Identity.Password.MaxLength': 20 }),
    ]);
    expect(others.map((response) => response.json().error.validationErrors)).toEqual([
      [{ field: 'TwoFactor.Behaviour', message: 'settings:notAnOption' }],
      [
        { field: 'Account.TermsUrl', message: 'settings:mustBeUrl' },
        // Self-registration creates host users: a tenant may not store it.
        { field: 'Account.IsSelfRegistrationEnabled', message: 'settings:notAllowedAtLevel' },
      ],
      [{ field: 'Captcha.Score', message: 'validation.numberMax', params: { count: 1 } }],
      [{ field: 'Identity.Password.MaxLength', message: 'settings:maxBelowMin' }],
    ]);
    const rows = await t.database.db.select().from(settings).where(eq(settings.tenantId, tenant.id));
    expect(rows).toEqual([]);
  });

  it('never returns a secret, only whether it is set; leaving it out keeps it, empty clears it', async () => {
    const tenant = await given(t.database.db).tenant();
    const headers = await tenantAdmin(tenant.id);
    const saved = await put('captcha', headers, {
      'Captcha.SecretKey': 'very-secret ',
      'Captcha.UseOnLogin': true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('very-secret');
    expect(settingOf(saved.json(), 'Captcha.SecretKey')).toMatchObject({ value: null, isSet: true });

    await put('captcha', headers, { 'Captcha.UseOnLogin': false });
    const kept = (await get('captcha', headers)).json();
    expect(settingOf(kept, 'Captcha.SecretKey')).toMatchObject({ value: null, isSet: true });
    const [row] = await t.database.db
      .select()
      .from(settings)
      .where(and(eq(settings.name, 'Captcha.SecretKey'), eq(settings.providerKey, tenant.id)));
    expect(row!.value).toBe('very-secret ');

    await put('captcha', headers, { 'Captcha.SecretKey': '' });
    expect(settingOf((await get('captcha', headers)).json(), 'Captcha.SecretKey')).toMatchObject({
      isSet: false,
    });
  });

  it('keeps e-mailing to the host and queues a test e-mail through the outbox', async () => {
    const tenant = await given(t.database.db).tenant();
    expect((await get('emailing', await tenantAdmin(tenant.id))).statusCode).toBe(403);

    const headers = await host();
    const saved = await put('emailing', headers, {
      'Smtp.Host': 'smtp.example.dk',
      'Smtp.Port': 2525,
      'Smtp.Password': 'pw',
      'Smtp.From': 'not-an-address',
    });
    expect(saved.json().error.validationErrors).toEqual([
      { field: 'Smtp.From', message: 'validation.email' },
    ]);

    const invalid = await t.app.inject({
      method: 'POST',
      url: `${BASE}/emailing/send-test-email`,
      headers,
      payload: { to: 'nobody' },
    });
    expect(invalid.statusCode).toBe(400);
    const to = `test-${Date.now()}@example.dk`;
    const sent = await t.app.inject({
      method: 'POST',
      url: `${BASE}/emailing/send-test-email`,
      headers: { ...headers, 'accept-language': 'da' },
      payload: { to },
    });
    expect(sent.statusCode).toBe(202);
    const queued = await t.database.db.select().from(outbox).where(eq(outbox.recipient, to));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: 'email',
      status: 'pending',
      tenantId: null,
      subject: 'Test-e-mail fra Homeward',
    });
    expect(queued[0]!.body).toContain('sendt af');
  });

  it('hands the host’s saved SMTP values to the outbox transport', async () => {
    const headers = await host();
    const values = {
      'Smtp.Host': 'smtp.example.dk',
      'Smtp.Port': 465,
      'Smtp.UserName': 'mailer',
      'Smtp.Password': 'pw',
      'Smtp.EnableSsl': true,
      'Smtp.From': 'care@example.dk',
    };
    expect((await put('emailing', headers, values)).statusCode).toBe(200);
    try {
      expect(await loadSmtpSettings(t.database.db)).toEqual({
        host: 'smtp.example.dk',
        port: 465,
        userName: 'mailer',
        password: 'pw',
        enableSsl: true,
        from: 'care@example.dk',
      });
    } finally {
      await put('emailing', headers, Object.fromEntries(Object.keys(values).map((name) => [name, null])));
    }
    expect(await loadSmtpSettings(t.database.db)).toBeNull();
  });
});

describe('client-visible settings', () => {
  const configuration = (headers?: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/app/configuration', ...(headers ? { headers } : {}) });

  it('appear in the configuration, resolved for the caller, without secrets, and a change bumps the version', async () => {
    const tenant = await given(t.database.db).tenant();
    const headers = await tenantAdmin(tenant.id);
    const before = (await configuration(headers)).json();
    expect(before.extraProperties.settings).toMatchObject({
      'Account.IsSelfRegistrationEnabled': 'true',
      'Captcha.SiteKey': '',
      'Account.TermsUrl': '',
    });
    expect(before.extraProperties.settings).not.toHaveProperty('Captcha.SecretKey');
    expect(before.extraProperties.settings).not.toHaveProperty('Identity.Password.RequiredLength');

    expect(
      (await put('captcha', headers, { 'Captcha.SiteKey': 'site-key-a', 'Captcha.SecretKey': 's' }))
        .statusCode,
    ).toBe(200);
    const after = (await configuration(headers)).json();
    expect(after.extraProperties.settings['Captcha.SiteKey']).toBe('site-key-a');
    expect(after.version).not.toBe(before.version);
    expect(JSON.stringify(after)).not.toContain('"s"');
    // Anonymous visitors and other tenants get the host's values.
    expect((await configuration()).json().extraProperties.settings['Captcha.SiteKey']).toBe('');
  });

  it('turns self-registration off with 403 forbidden and a translatable message', async () => {
    const headers = await host();
    const body = {
      userName: `self${Date.now()}`,
      fullName: 'Self Registered',
      email: `self${Date.now()}@example.dk`,
      password: 'Homeward!Demo1',
      confirmPassword: 'Homeward!Demo1',
      acceptTerms: true,
    };
    const register = () =>
      t.app.inject({ method: 'POST', url: '/api/account/pending-registration', payload: body });
    expect((await put('account', headers, { 'Account.IsSelfRegistrationEnabled': false })).statusCode).toBe(
      200,
    );
    try {
      expect(
        (await configuration()).json().extraProperties.settings['Account.IsSelfRegistrationEnabled'],
      ).toBe('false');
      const refused = await register();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'forbidden',
        message: 'registration:selfRegistrationDisabled',
      });
    } finally {
      await put('account', headers, { 'Account.IsSelfRegistrationEnabled': null });
    }
    expect((await register()).statusCode).toBe(201);
  });
});
