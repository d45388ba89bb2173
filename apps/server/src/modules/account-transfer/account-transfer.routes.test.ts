import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn, tokenRequest, type TestTokens } from '../../test/sign-in';
import { householdWithMember, type IsolationHousehold } from '../../test/tenant-isolation/households';
import { hashLinkToken } from '../../platform/auth/link-tokens';
import { emailsTo, register, registrationBody } from '../registration/registration-test-helpers';
import { roles, userRoles } from '../roles/roles.schema';
import { securityLogs } from '../security-logs/security-logs.schema';
import { tenants } from '../tenants/tenants.schema';
import { invitations, users } from '../users/users.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, tokens: TestTokens, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

async function emailOf(userId: string) {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

/** The acceptance link in the newest transfer e-mail to a person, as they would click it. */
async function transferLinkSentTo(userId: string) {
  const [email] = await emailsTo(t.database.db, await emailOf(userId));
  const line = email?.body.split('\n').find((text) => text.includes('/account/transfer/'));
  if (!line) throw new Error('no transfer link was sent');
  const url = new URL(line.trim());
  const [, , , fromUserId, toUserId] = url.pathname.split('/');
  return { fromUserId: fromUserId!, toUserId: toUserId!, token: url.searchParams.get('token')! };
}

async function roleNamesOf(userId: string) {
  const rows = await t.database.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.name).sort();
}

async function ownerOf(householdId: string) {
  const [row] = await t.database.db
    .select({ ownerUserId: tenants.ownerUserId })
    .from(tenants)
    .where(eq(tenants.id, householdId));
  return row?.ownerUserId;
}

let household: IsolationHousehold;
let owner: TestTokens;
let member: TestTokens;
beforeAll(async () => {
  household = await householdWithMember(t);
  owner = await signIn(t, household.owner, 'plug-and-play');
  member = await signIn(t, household.member, 'plug-and-play');
});

describe('transfer step 1', () => {
  it('offers only activated members, and refuses anyone else with a field error', async () => {
    const state = await call('GET', '/api/account/transfer-user', owner);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ isOwner: true, pending: null });
    expect(state.json().candidates.map((person: { id: string }) => person.id)).toEqual([household.member.id]);

    // An invited person who registered with the invitation but has not activated (confirmed) yet.
    const token = `invite-${randomBytes(8).toString('hex')}`;
    const body = registrationBody();
    await t.database.db.insert(invitations).values({
      tenantId: household.id,
      inviterUserId: household.owner.id,
      email: body.email,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const invited = await register(t, { ...body, invitationToken: token });
    expect(invited.statusCode).toBe(201);
    const notActivated = invited.json().userId as string;
    // A member of another household, and the owner herself.
    const other = await householdWithMember(t);
    for (const id of [notActivated, other.member.id, other.owner.id, household.owner.id]) {
      const refused = await call('POST', `/api/account/transfer-user/${id}`, owner);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.validationErrors).toEqual([
        { field: 'id', message: 'profile:transfer.errors.notAMember' },
      ]);
    }
    expect(await emailsTo(t.database.db, await emailOf(other.member.id))).toHaveLength(1);
    // A member is not the owner: they cannot transfer.
    const byMember = await call('POST', `/api/account/transfer-user/${household.owner.id}`, member);
    expect(byMember.statusCode).toBe(409);
    expect(byMember.json().error.message).toBe('profile:transfer.errors.notOwner');
    // Bad input.
    expect((await call('POST', '/api/account/transfer-user/not-a-uuid', owner)).statusCode).toBe(400);
    expect((await call('POST', `/api/account/transfer-user/${'\u0000'}`, owner)).statusCode).toBe(400);
  });
});

describe('a pending transfer', () => {
  it('shows on both sides, and the owner can cancel it (its link then fails)', async () => {
    const h = await householdWithMember(t);
    const [o, m] = [await signIn(t, h.owner), await signIn(t, h.member)];
    expect((await call('POST', `/api/account/transfer-user/${h.member.id}`, o)).statusCode).toBe(204);
    const link = await transferLinkSentTo(h.member.id);
    expect(link).toMatchObject({ fromUserId: h.owner.id, toUserId: h.member.id });

    const ownerSide = (await call('GET', '/api/account/transfer-user', o)).json();
    expect(ownerSide.pending).toMatchObject({
      from: { id: h.owner.id },
      to: { id: h.member.id },
      forMe: false,
    });
    const memberSide = (await call('GET', '/api/account/transfer-user', m)).json();
    expect(memberSide).toMatchObject({ isOwner: false, candidates: [], pending: { forMe: true } });
    // Another household sees nothing of it.
    expect((await call('GET', '/api/account/transfer-user', member)).json().pending).toBeNull();

    expect((await call('DELETE', '/api/account/transfer-user', o)).statusCode).toBe(204);
    expect((await call('GET', '/api/account/transfer-user', m)).json().pending).toBeNull();
    const late = await call('POST', `/api/account/transfer-user/${link.fromUserId}/${link.toUserId}`, m, {
      token: link.token,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.validationErrors[0].message).toBe('profile:transfer.errors.linkInvalid');
    expect(await ownerOf(h.id)).toBe(h.owner.id);
    expect((await call('DELETE', '/api/account/transfer-user', o)).statusCode).toBe(404);
  });
});

describe('the transfer e-mail', () => {
  it('links to the client the owner sent the request from', async () => {
    const plugAndPlay = t.config.signInClients.find((client) => client.kind === 'plug-and-play')!.origins[0]!;
    const h = await householdWithMember(t);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/account/transfer-user/${h.member.id}`,
      headers: { ...bearer(await signIn(t, h.owner)), origin: plugAndPlay },
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const [email] = await emailsTo(t.database.db, await emailOf(h.member.id));
    const line = email!.body.split('\n').find((text) => text.includes('/account/transfer/'))!;
    expect(new URL(line.trim()).origin).toBe(plugAndPlay);
  });
});

describe('transfer step 2', () => {
  it('is refused for the wrong signed-in user and a wrong token; the receiver accepts, ownership and roles move, and the old owner must sign in again', async () => {
    expect((await call('POST', `/api/account/transfer-user/${household.member.id}`, owner)).statusCode).toBe(
      204,
    );
    const link = await transferLinkSentTo(household.member.id);
    const url = `/api/account/transfer-user/${link.fromUserId}/${link.toUserId}`;

    // The owner herself, and a stranger from another household, cannot accept it.
    const stranger = await householdWithMember(t);
    for (const wrongUser of [owner, await signIn(t, stranger.owner), await signIn(t, stranger.member)]) {
      const refused = await call('POST', url, wrongUser, { token: link.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.validationErrors[0].message).toBe('profile:transfer.errors.linkInvalid');
    }
    // A wrong token, and bad input.
    expect((await call('POST', url, member, { token: 'wrong-token' })).statusCode).toBe(400);
    expect((await call('POST', url, member, { token: 7 })).statusCode).toBe(400);
    expect((await call('POST', url, member, { token: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect(await ownerOf(household.id)).toBe(household.owner.id);
    // The old owner's sign-in still works before the acceptance.
    expect((await call('GET', '/api/account/my-profile', owner)).statusCode).toBe(200);

    const accepted = await call('POST', url, member, { token: link.token });
    expect(accepted.statusCode).toBe(204);

    expect(await ownerOf(household.id)).toBe(household.member.id);
    expect(await roleNamesOf(household.member.id)).toEqual(['Plug and Play Admin']);
    expect(await roleNamesOf(household.owner.id)).toEqual(['Plug and Play User']);
    // Her previous access token is refused, and so is her refresh token.
    expect((await call('GET', '/api/account/my-profile', owner)).statusCode).toBe(401);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: 'plug-and-play',
      refresh_token: owner.refreshToken!,
    });
    expect(refreshed.statusCode).toBe(400);
    // Signed in again, she is a member and the new owner may transfer.
    const again = await signIn(t, household.owner);
    expect((await call('GET', '/api/account/transfer-user', again)).json()).toMatchObject({ isOwner: false });
    const newOwner = (await call('GET', '/api/account/transfer-user', member)).json();
    expect(newOwner).toMatchObject({ isOwner: true, pending: null });
    expect(newOwner.candidates.map((person: { id: string }) => person.id)).toContain(household.owner.id);
    // The link works once.
    expect((await call('POST', url, member, { token: link.token })).statusCode).toBe(400);

    const logged = await t.database.db
      .select({ action: securityLogs.action, userId: securityLogs.userId })
      .from(securityLogs)
      .where(and(eq(securityLogs.tenantId, household.id)));
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: 'AccountTransferRequested', userId: household.owner.id },
        { action: 'AccountTransferred', userId: household.owner.id },
        { action: 'AccountTransferReceived', userId: household.member.id },
      ]),
    );
  });
});
