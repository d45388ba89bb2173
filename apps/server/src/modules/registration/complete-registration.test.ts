import { and, eq } from 'drizzle-orm';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { roles, userRoles } from '../roles/roles.schema';
import { securityLogs } from '../security-logs/security-logs.schema';
import { tenants } from '../tenants/tenants.schema';
import { invitations, users, userTokens } from '../users/users.schema';
import { hashLinkToken } from '../../platform/auth/link-tokens';
import {
  complete,
  confirmationTokenSentTo,
  emailsTo,
  register,
  registeredHousehold,
  registrationBody,
} from './registration-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The id of a household's static role by name. */
async function householdRole(householdId: string, name: string): Promise<string> {
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.normalizedName, normalizeIdentifier(name)), eq(roles.tenantId, householdId)));
  return role!.id;
}

async function tenantRow(id: string) {
  const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, id));
  return row!;
}

async function registeredToken(overrides: Record<string, unknown> = {}) {
  const body = registrationBody(overrides);
  const response = await register(t, body);
  expect(response.statusCode).toBe(201);
  return {
    body,
    userId: response.json().userId as string,
    token: await confirmationTokenSentTo(t.database.db, body.email),
  };
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function roleIdsOf(userId: string) {
  const rows = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.roleId);
}

const invalidToken = { code: 'bad_request', message: 'registration:invalidConfirmationToken' };

describe('POST /api/account/complete-registration', () => {
  it('confirms the e-mail from the link, makes a household the user owns as its admin, and logs it', async () => {
    const { userId, token } = await registeredToken({ fullName: 'Anna Household' });
    const response = await complete(t, token);

    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(userId);
    const user = await userRow(userId);
    expect(user.emailConfirmed).toBe(true);
    expect(user.tenantId).not.toBeNull();
    const household = await tenantRow(user.tenantId!);
    expect(household).toMatchObject({ kind: 'household', ownerUserId: userId });
    expect(household.name).toMatch(/^Anna Household/);
    expect(await roleIdsOf(userId)).toEqual([await householdRole(household.id, 'Plug and Play Admin')]);
    // Both plug-and-play roles exist in the household; an organization's admin role does not.
    const householdRoles = await t.database.db.select().from(roles).where(eq(roles.tenantId, household.id));
    expect(householdRoles.map((role) => role.name).sort()).toEqual([
      'Plug and Play Admin',
      'Plug and Play User',
    ]);
    const [stored] = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, userId));
    expect(stored!.consumedAt).not.toBeNull();
    const actions = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, userId));
    expect(actions.map((log) => log.action).sort()).toEqual(['EmailConfirmed', 'UserRegistered']);
  });

  it('gives two people of the same name households of their own, with unique names', async () => {
    const first = await registeredToken({ fullName: 'Same Name' });
    const second = await registeredToken({ fullName: 'Same Name' });
    await complete(t, first.token);
    await complete(t, second.token);
    const [a, b] = [await userRow(first.userId), await userRow(second.userId)];
    expect(a.tenantId).not.toBe(b.tenantId);
    const names = [(await tenantRow(a.tenantId!)).name, (await tenantRow(b.tenantId!)).name];
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(2);
  });

  it('signs the owner in to their household, as a plug-and-play user', async () => {
    const { body, userId, token } = await registeredToken();
    await complete(t, token);
    const tokens = await signIn(t, { userName: body.userName, password: body.password });
    const configuration = (
      await t.app.inject({ url: '/api/app/configuration', headers: bearer(tokens) })
    ).json();
    expect(configuration.currentTenant.id).toBe((await userRow(userId)).tenantId);
    expect(configuration.isPlugAndPlay).toBe(true);
    expect(configuration.grantedPolicies['Homeward.Citizens.Create']).toBe(true);
    expect(configuration.grantedPolicies['Homeward.Tenants']).toBeUndefined();
  });

  it('lets the registrant sign in only once the e-mail is confirmed', async () => {
    const { body, token } = await registeredToken();
    const credentials = { userName: body.userName, password: body.password };
    await expect(signIn(t, credentials)).rejects.toThrow(/sign-in refused/);
    await complete(t, token);
    const tokens = await signIn(t, credentials);
    expect(tokens.accessToken).toBeTruthy();
  });

  it('accepts a token only once', async () => {
    const { token } = await registeredToken();
    expect((await complete(t, token)).statusCode).toBe(200);
    const again = await complete(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject(invalidToken);
  });

  it('refuses an expired token and leaves the user unconfirmed', async () => {
    const { userId, token } = await registeredToken();
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, userId));
    const response = await complete(t, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject(invalidToken);
    expect((await userRow(userId)).emailConfirmed).toBe(false);
    expect((await userRow(userId)).tenantId).toBeNull();
    expect(await roleIdsOf(userId)).toEqual([]);
  });

  it('refuses an unknown token and an empty one', async () => {
    const unknown = await complete(t, 'no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject(invalidToken);
    const empty = await complete(t, '');
    expect(empty.json().error.validationErrors).toEqual([
      { field: 'confirmationToken', message: 'validation.required' },
    ]);
  });
});

describe('invitations', () => {
  async function invitation(options: { email?: string; expiresAt?: Date; acceptedAt?: Date } = {}) {
    const inviter = await registeredHousehold(t);
    const token = `invite-${Math.random().toString(36).slice(2)}`;
    const email = options.email ?? `invited.${Math.random().toString(36).slice(2)}@example.dk`;
    const [row] = await t.database.db
      .insert(invitations)
      .values({
        tenantId: inviter.householdId,
        inviterUserId: inviter.userId,
        email,
        tokenHash: hashLinkToken(token),
        expiresAt: options.expiresAt ?? new Date(Date.now() + 3600_000),
        acceptedAt: options.acceptedAt ?? null,
      })
      .returning();
    return { token, email, inviterId: inviter.userId, householdId: inviter.householdId, id: row!.id };
  }
  const lookUp = (token: string) => t.app.inject({ method: 'GET', url: `/api/account/invitations/${token}` });

  it('tells the form the invited e-mail address', async () => {
    const open = await invitation();
    const response = await lookUp(open.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: open.email });
  });

  it('answers 404 for an unknown, expired or accepted invitation', async () => {
    const expired = await invitation({ expiresAt: new Date(Date.now() - 1000) });
    const accepted = await invitation({ acceptedAt: new Date() });
    for (const token of ['unknown-token', expired.token, accepted.token]) {
      const response = await lookUp(token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('requires the invited e-mail address, and a valid invitation', async () => {
    const open = await invitation();
    const other = await register(t, registrationBody({ invitationToken: open.token }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.validationErrors).toEqual([
      { field: 'email', message: 'registration:emailNotInvited' },
    ]);
    const expired = await invitation({ expiresAt: new Date(Date.now() - 1000) });
    const late = await register(
      t,
      registrationBody({ email: expired.email, invitationToken: expired.token }),
    );
    expect(late.json().error.validationErrors).toEqual([
      { field: 'invitationToken', message: 'registration:invalidInvitation' },
    ]);
  });

  it('answers 404 for an invitation of the host or an organization (members join households)', async () => {
    const tenant = await given(t.database.db).tenant();
    const inviter = await given(t.database.db).user({ tenantId: tenant.id });
    for (const tenantId of [null, tenant.id]) {
      const token = `invite-${Math.random().toString(36).slice(2)}`;
      await t.database.db.insert(invitations).values({
        tenantId,
        inviterUserId: inviter.id,
        email: 'someone@example.dk',
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      expect((await lookUp(token)).statusCode).toBe(404);
    }
  });

  it('joins the inviter’s household on completion: account owner, accepted invitation, plug-and-play user', async () => {
    const open = await invitation();
    const { userId, token } = await registeredToken({
      email: open.email.toUpperCase(),
      invitationToken: open.token,
    });
    expect((await userRow(userId)).accountOwnerId).toBeNull();
    expect((await complete(t, token)).statusCode).toBe(200);

    const user = await userRow(userId);
    expect(user.accountOwnerId).toBe(open.inviterId);
    expect(user.tenantId).toBe(open.householdId);
    expect(user.extraProperties).toEqual({});
    expect(await roleIdsOf(userId)).toEqual([await householdRole(open.householdId, 'Plug and Play User')]);
    // The household keeps its owner; no second household was made.
    expect((await tenantRow(open.householdId)).ownerUserId).toBe(open.inviterId);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.ownerUserId, userId))).toEqual([]);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, open.id));
    expect(row!.acceptedUserId).toBe(userId);
    expect(row!.acceptedAt).not.toBeNull();
    expect((await lookUp(open.token)).statusCode).toBe(404);
  });
});

describe('POST /api/account/resend-email', () => {
  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/resend-email', payload: { email } });

  async function ageTokensOf(userId: string) {
    await t.database.db
      .update(userTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(userTokens.userId, userId));
  }

  it('sends a new link that replaces the old one', async () => {
    const { body, userId, token: first } = await registeredToken();
    await ageTokensOf(userId);
    const response = await resend(body.email.toUpperCase());
    expect(response.statusCode).toBe(204);
    expect(await emailsTo(t.database.db, body.email)).toHaveLength(2);
    const second = await confirmationTokenSentTo(t.database.db, body.email);
    expect(second).not.toBe(first);
    expect((await complete(t, first)).statusCode).toBe(400);
    expect((await complete(t, second)).statusCode).toBe(200);
  });

  it('sends at most once a minute per address, and still answers 204', async () => {
    const { body } = await registeredToken();
    const response = await resend(body.email);
    expect(response.statusCode).toBe(204);
    expect(await emailsTo(t.database.db, body.email)).toHaveLength(1);
  });

  it('answers 204 and sends nothing for unknown or already confirmed addresses', async () => {
    expect((await resend('nobody@example.dk')).statusCode).toBe(204);
    expect(await emailsTo(t.database.db, 'nobody@example.dk')).toHaveLength(0);

    const { body, userId, token } = await registeredToken();
    await complete(t, token);
    await ageTokensOf(userId);
    expect((await resend(body.email)).statusCode).toBe(204);
    expect(await emailsTo(t.database.db, body.email)).toHaveLength(1);
  });

  it('sends nothing to an unconfirmed user of a tenant (registration belongs to the host)', async () => {
    const tenant = await given(t.database.db).tenant();
    const tenantUser = await given(t.database.db).user({ tenantId: tenant.id, emailConfirmed: false });
    expect((await resend(tenantUser.email)).statusCode).toBe(204);
    expect(await emailsTo(t.database.db, tenantUser.email)).toHaveLength(0);
  });

  it('validates the e-mail address', async () => {
    const response = await resend('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([{ field: 'email', message: 'validation.email' }]);
  });
});
