import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, GIVEN_PASSWORD } from '../../test/given';
import { bearer, signIn, tokenRequest } from '../../test/sign-in';
import { callApi, signedInTenantUser, type ApiCall } from './profile-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tenantUser = (options: { email?: string } = {}) => signedInTenantUser(t, options);

const call = (...args: ApiCall) => callApi(t, ...args);

/** The token in the newest e-mail to an address, as a person would open the link. */
async function emailChangeTokenSentTo(to: string): Promise<string> {
  const [email] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(desc(outbox.createdAt));
  const link = email?.body.split('\n').find((line) => line.includes('emailChangeToken='));
  if (!link) throw new Error(`no e-mail change link sent to ${to}`);
  return new URL(link.trim()).searchParams.get('emailChangeToken')!;
}

describe('my profile', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/my-profile'],
      ['PUT', '/api/account/update-profile'],
      ['POST', '/api/account/change-password'],
      ['POST', '/api/account/confirm-email-change'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('shows and saves name and phone at once', async () => {
    const { user, headers } = await tenantUser();
    const before = await call('GET', '/api/account/my-profile', headers);
    expect(before.json()).toMatchObject({
      id: user.id,
      userName: user.userName,
      email: user.email,
      pendingEmail: null,
      avatarUrl: null,
    });
    const saved = await call('PUT', '/api/account/update-profile', headers, {
      name: '  Anna Jensen ',
      email: user.email,
      phoneNumber: '4512345678',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Anna Jensen',
      phoneNumber: '4512345678',
      pendingEmail: null,
    });
    // The configuration (top bar) shows the new name at once.
    const configuration = await call('GET', '/api/app/configuration', headers);
    expect(configuration.json().currentUser.name).toBe('Anna Jensen');
  });

  it('refuses bad input with field errors, and never a 5xx', async () => {
    const { user, headers } = await tenantUser();
    const bad = async (payload: unknown) => {
      const response = await call('PUT', '/api/account/update-profile', headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      return response.json().error.validationErrors as { field: string; message: string }[];
    };
    expect(await bad({ name: 'A', email: 'not an e-mail', phoneNumber: '12ab' })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', message: 'validation.email' }),
        expect.objectContaining({ field: 'phoneNumber', message: 'validation.digitsOnly' }),
      ]),
    );
    expect(await bad({ name: 'Nul\u0000name', email: user.email })).toEqual([
      { field: 'name', message: 'validation.noNullCharacter' },
    ]);
    expect((await bad({ name: 'x'.repeat(129), email: user.email }))[0]).toMatchObject({
      field: 'name',
      message: 'validation.maxLength',
    });
    expect(
      (await bad({ name: 42, email: ['a'], phoneNumber: {} })).map((error) => error.field).sort(),
    ).toEqual(['email', 'name', 'phoneNumber']);
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update-profile',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024), email: user.email }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('changes the e-mail address only once the link sent to the new address is opened', async () => {
    const { user, headers } = await tenantUser();
    const newEmail = `new.${user.userName}@example.com`;
    const saved = await call('PUT', '/api/account/update-profile', headers, { name: 'Bo', email: newEmail });
    expect(saved.json()).toMatchObject({ email: user.email, pendingEmail: newEmail, name: 'Bo' });
    // Until then the old address stays: it still signs in, the new one does not.
    expect((await call('GET', '/api/account/my-profile', headers)).json().email).toBe(user.email);
    const refused = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'branded',
      username: newEmail,
      password: GIVEN_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);

    const token = await emailChangeTokenSentTo(newEmail);
    const wrong = await call('POST', '/api/account/confirm-email-change', headers, {
      token: 'not-the-token',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.validationErrors).toEqual([
      { field: 'token', message: 'profile:errors.emailChangeLinkInvalid' },
    ]);
    // Another user's link is theirs only.
    const other = await tenantUser();
    expect(
      (await call('POST', '/api/account/confirm-email-change', other.headers, { token })).statusCode,
    ).toBe(400);

    const confirmed = await call('POST', '/api/account/confirm-email-change', headers, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await call('GET', '/api/account/my-profile', headers)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    await signIn(t, { userName: newEmail, password: GIVEN_PASSWORD });
    // The link works once.
    expect((await call('POST', '/api/account/confirm-email-change', headers, { token })).statusCode).toBe(
      400,
    );
  });

  it('refuses an address someone else has, and entering the current one again drops the pending change', async () => {
    const { user, headers } = await tenantUser();
    const taken = await given(t.database.db).user({ tenantId: null });
    const clash = await call('PUT', '/api/account/update-profile', headers, {
      name: 'C',
      email: taken.email.toUpperCase(),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.validationErrors).toEqual([
      { field: 'email', message: 'profile:errors.emailTaken' },
    ]);
    // Refused as a whole: the name did not change either.
    expect((await call('GET', '/api/account/my-profile', headers)).json().name).toBe(user.userName);

    const pending = await call('PUT', '/api/account/update-profile', headers, {
      email: `later.${user.email}`,
    });
    expect(pending.json().pendingEmail).toBe(`later.${user.email}`);
    const back = await call('PUT', '/api/account/update-profile', headers, { email: user.email });
    expect(back.json().pendingEmail).toBeNull();
  });
  it("is a host user's own account whatever tenant the host user filters to", async () => {
    const tenant = await given(t.database.db).tenant();
    const host = await given(t.database.db).user({
      tenantId: null,
      permissions: ['Homeward.Tenants', 'Homeward.Tenants.Filter'],
    });
    const headers = { ...bearer(await signIn(t, host)), 'x-tenant-filter': tenant.id };
    expect((await call('GET', '/api/account/my-profile', headers)).json()).toMatchObject({ id: host.id });
    const saved = await call('PUT', '/api/account/update-profile', headers, {
      name: 'Host Person',
      email: host.email,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().name).toBe('Host Person');
  });
});
