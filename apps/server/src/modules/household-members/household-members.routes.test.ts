import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import {
  complete,
  confirmationTokenSentTo,
  emailsTo,
  register,
  registeredHousehold,
  registrationBody,
} from '../registration/registration-test-helpers';
import { given } from '../../test/given';
import { addTestCard, requestAs } from '../billing/billing-test-support';
import { citizenAlarmReceivers, citizens } from '../citizens/citizens.schema';
import { nextCpr } from '../citizens/citizens-test-support';
import { roles, userRoles } from '../roles/roles.schema';
import { invitations, users } from '../users/users.schema';

/*
 * Members of a household through the real server and database: the owner invites by e-mail, the
 * e-mail (from the outbox) carries the registration link, and the registration with its token
 * makes the invited person a member. Resend, delete, refusals and isolation between households.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Household = Awaited<ReturnType<typeof registeredHousehold>> & { headers: Record<string, string> };

async function household(): Promise<Household> {
  const owner = await registeredHousehold(t, { fullName: 'Dorthe Owner' });
  const headers = bearer(await signIn(t, owner));
  // Inviting needs a default card (billing rule, spec §4; billing-rules.routes.test.ts).
  await addTestCard(requestAs(t, headers));
  return { ...owner, headers };
}

function request(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'da' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const invite = (h: Household, email: unknown) =>
  request(h.headers, 'POST', '/api/account/invite-user', { email });

/** The invitation token in the link of the newest e-mail to an address, as a person would click it. */
async function invitationTokenSentTo(to: string): Promise<string> {
  const [email] = await emailsTo(t.database.db, to);
  const link = email?.body.split('\n').find((line) => line.includes('invitationToken='));
  if (!link) throw new Error(`no invitation link was sent to ${to}`);
  const url = new URL(link.trim());
  expect(url.pathname).toBe('/registration');
  return url.searchParams.get('invitationToken')!;
}

const invitationInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/account/invitations/${encodeURIComponent(token)}` });

/** Makes an invitation look sent long ago, past the resend interval. */
async function ageInvitation(id: string) {
  await t.database.db
    .update(invitations)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(invitations.id, id));
}

describe('household members', () => {
  let a: Household;
  let b: Household;
  let member: { id: string; userName: string; password: string; email: string };

  beforeAll(async () => {
    [a, b] = [await household(), await household()];
  }, 60_000);

  it('links the invitation to the client the owner invited from', async () => {
    const plugAndPlay = t.config.signInClients.find((client) => client.kind === 'plug-and-play')!.origins[0]!;
    const owner = await household();
    const { email } = registrationBody();
    const invited = await request(
      { ...owner.headers, origin: plugAndPlay },
      'POST',
      '/api/account/invite-user',
      {
        email,
      },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await emailsTo(t.database.db, email);
    const link = new URL(
      mail!.body
        .split('\n')
        .find((line) => line.includes('invitationToken='))!
        .trim(),
    );
    expect(link.origin).toBe(plugAndPlay);
    expect(link.pathname).toBe('/registration');
  });

  it('invites by e-mail; registering with the link makes the person a member who sees who invited them', async () => {
    const body = registrationBody({ fullName: 'Bror Member' });
    const invited = await invite(a, body.email);
    expect(invited.statusCode, invited.body).toBe(201);

    // The e-mail is in the inviter's language (Accept-Language da) and names the inviter.
    const [email] = await emailsTo(t.database.db, body.email);
    expect(email!.subject).toContain('Dorthe Owner');
    expect(email!.body).toContain('inviterer dig');
    const token = await invitationTokenSentTo(body.email);
    expect(email!.body).not.toContain(a.password);
    const [stored] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invited.json().id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tenantId).toBe(a.householdId);

    const pendingList = (await request(a.headers, 'GET', '/api/account/household-members')).json();
    expect(pendingList.invitations).toEqual([
      expect.objectContaining({ id: invited.json().id, email: body.email, expired: false }),
    ]);
    expect(pendingList.invitations[0].invitedBy.id).toBe(a.userId);

    const registered = await register(t, { ...body, invitationToken: token });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await complete(t, await confirmationTokenSentTo(t.database.db, body.email))).statusCode).toBe(
      200,
    );
    member = {
      id: registered.json().userId,
      userName: body.userName,
      password: body.password,
      email: body.email,
    };

    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.tenantId).toBe(a.householdId);
    const [role] = await t.database.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, member.id));
    expect(role!.name).toBe('Plug and Play User');

    const list = (await request(a.headers, 'GET', '/api/account/household-members')).json();
    expect(list.invitations).toEqual([]);
    expect(list.members).toEqual([
      expect.objectContaining({ id: a.userId, role: 'owner', invitedBy: null, isCurrentUser: true }),
      expect.objectContaining({
        id: member.id,
        name: 'Bror Member',
        email: body.email,
        role: 'member',
        invitedBy: { id: a.userId, name: 'Dorthe Owner', email: a.email },
        isCurrentUser: false,
      }),
    ]);

    const memberHeaders = bearer(await signIn(t, member));
    const invitedBy = await request(memberHeaders, 'GET', '/api/account/invited-by-user');
    expect(invitedBy.json()).toEqual({ invitedBy: { id: a.userId, name: 'Dorthe Owner', email: a.email } });
    expect((await request(a.headers, 'GET', '/api/account/invited-by-user')).json()).toEqual({
      invitedBy: null,
    });
    // A member sees the household too, but cannot invite.
    const seen = await request(memberHeaders, 'GET', '/api/account/household-members');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().members.find((each: { id: string }) => each.id === member.id).isCurrentUser).toBe(
      true,
    );
    const refused = await request(memberHeaders, 'POST', '/api/account/invite-user', {
      email: registrationBody().email,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses the own address, a member, an open invitation and an existing account with a field error', async () => {
    const open = registrationBody().email;
    expect((await invite(a, open)).statusCode).toBe(201);
    for (const [email, key] of [
      [a.email.toUpperCase(), 'householdMembers:errors.ownEmail'],
      [member.email, 'householdMembers:errors.alreadyMember'],
      [` ${open.toUpperCase()} `, 'householdMembers:errors.alreadyInvited'],
      [b.email, 'householdMembers:errors.alreadyRegistered'],
    ] as const) {
      const refused = await invite(a, email.trim());
      expect(refused.statusCode, email).toBe(400);
      expect(refused.json().error.validationErrors).toEqual([{ field: 'email', message: key }]);
    }
  });

  it('resends with a new link: the old one stops working; at most once a minute', async () => {
    const email = registrationBody().email;
    const { id } = (await invite(a, email)).json();
    const first = await invitationTokenSentTo(email);
    const tooSoon = await request(a.headers, 'POST', `/api/account/invitations/${id}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toBe('householdMembers:errors.resendTooSoon');

    await ageInvitation(id);
    const resent = await request(a.headers, 'POST', `/api/account/invitations/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(204);
    const second = await invitationTokenSentTo(email);
    expect(second).not.toBe(first);
    expect((await invitationInfo(first)).statusCode).toBe(404);
    expect((await invitationInfo(second)).json()).toEqual({ email });
    expect((await emailsTo(t.database.db, email)).length).toBe(2);
  });

  it('deletes an invitation: its link fails, and a registration made with it but not confirmed is gone', async () => {
    const body = registrationBody();
    const { id } = (await invite(a, body.email)).json();
    const token = await invitationTokenSentTo(body.email);
    const registered = await register(t, { ...body, invitationToken: token });
    expect(registered.statusCode).toBe(201);
    const confirmation = await confirmationTokenSentTo(t.database.db, body.email);

    const deleted = await request(a.headers, 'DELETE', `/api/account/delete-invited-user/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await invitationInfo(token)).statusCode).toBe(404);
    expect(await t.database.db.select().from(users).where(eq(users.id, registered.json().userId))).toEqual(
      [],
    );
    expect((await complete(t, confirmation)).statusCode).toBe(400);
    expect((await request(a.headers, 'DELETE', `/api/account/delete-invited-user/${id}`)).statusCode).toBe(
      404,
    );
    // The address can be invited again.
    expect((await invite(a, body.email)).statusCode).toBe(201);
  });

  it("keeps households apart: B's owner cannot see, resend or delete A's invitations", async () => {
    const email = registrationBody().email;
    const { id } = (await invite(a, email)).json();
    await ageInvitation(id);
    const listed = (await request(b.headers, 'GET', '/api/account/household-members')).body;
    expect(listed).not.toContain(id);
    expect(listed).not.toContain(a.userId);
    expect(listed).not.toContain(email);
    expect((await request(b.headers, 'POST', `/api/account/invitations/${id}/resend`)).statusCode).toBe(404);
    expect((await request(b.headers, 'DELETE', `/api/account/delete-invited-user/${id}`)).statusCode).toBe(
      404,
    );
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.tenantId, a.householdId)));
    expect(row).toBeDefined();
    expect((await emailsTo(t.database.db, email)).length).toBe(1);
  });

  it('answers bad input with 400, never 5xx', async () => {
    for (const email of [
      'a\u0000b@example.dk',
      `${'x'.repeat(100_000)}@example.dk`,
      123,
      null,
      ['a@b.dk'],
      '',
    ]) {
      const refused = await invite(a, email);
      expect(refused.statusCode, String(email).slice(0, 20)).toBe(400);
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/account/invite-user',
      headers: a.headers,
    });
    expect(noBody.statusCode).toBe(400);
    // A huge id is refused by the URL limit (414), the others by the schema.
    for (const [id, status] of [
      ['not-a-uuid', 400],
      ['%00', 400],
      ['x'.repeat(5000), 414],
    ] as const) {
      expect((await request(a.headers, 'POST', `/api/account/invitations/${id}/resend`)).statusCode).toBe(
        status,
      );
      expect((await request(a.headers, 'DELETE', `/api/account/delete-invited-user/${id}`)).statusCode).toBe(
        status,
      );
    }
  });

  it('refuses a user outside households', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/household-members' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('household members as alarm receivers', () => {
  let a: Household;
  let citizenIds: string[];

  /** The user receivers of each of A's citizens, in order. */
  async function receiversOf() {
    const rows = await t.database.db
      .select({ citizenId: citizenAlarmReceivers.citizenId, userId: citizenAlarmReceivers.userId })
      .from(citizenAlarmReceivers)
      .where(eq(citizenAlarmReceivers.tenantId, a.householdId))
      .orderBy(asc(citizenAlarmReceivers.citizenId), asc(citizenAlarmReceivers.position));
    return citizenIds.map((id) => rows.filter((row) => row.citizenId === id).map((row) => row.userId));
  }

  beforeAll(async () => {
    a = await household();
    const unit = await given(t.database.db).organization(a.householdId);
    const rows = await t.database.db
      .insert(citizens)
      .values(
        ['Far', 'Mor'].map((name) => ({
          tenantId: a.householdId,
          organizationId: unit.id,
          name,
          surname: 'Hansen',
          cprEncrypted: 'not-a-real-cpr',
          cprHash: randomBytes(16).toString('hex'),
        })),
      )
      .returning({ id: citizens.id });
    citizenIds = rows.map((row) => row.id);
    // The owner receives the alarms of the first citizen already.
    await t.database.db.insert(citizenAlarmReceivers).values({
      tenantId: a.householdId,
      citizenId: citizenIds[0]!,
      position: 1,
      kind: 'user',
      userId: a.userId,
    });
  }, 60_000);

  it('makes an invited member a receiver of every citizen on activation when the inviter ticked it', async () => {
    const body = registrationBody();
    const invited = await invite(a, body.email);
    expect(invited.statusCode).toBe(201);
    const ticked = registrationBody();
    expect(
      (
        await request(a.headers, 'POST', '/api/account/invite-user', {
          email: ticked.email,
          receivesAlarms: true,
        })
      ).statusCode,
    ).toBe(201);
    const listed = (await request(a.headers, 'GET', '/api/account/household-members')).json();
    expect(
      Object.fromEntries(
        listed.invitations.map((each: { email: string; receivesAlarms: boolean }) => [
          each.email,
          each.receivesAlarms,
        ]),
      ),
    ).toEqual({ [body.email]: false, [ticked.email]: true });

    const ids: string[] = [];
    for (const person of [body, ticked]) {
      const registered = await register(t, {
        ...person,
        invitationToken: await invitationTokenSentTo(person.email),
      });
      expect((await complete(t, await confirmationTokenSentTo(t.database.db, person.email))).statusCode).toBe(
        200,
      );
      ids.push(registered.json().userId);
    }
    const [unticked, receiver] = ids;
    expect(await receiversOf()).toEqual([[a.userId, receiver], [receiver]]);

    const list = (await request(a.headers, 'GET', '/api/account/household-members')).json();
    const receives = Object.fromEntries(
      list.members.map((each: { id: string; receivesAlarms: boolean }) => [each.id, each.receivesAlarms]),
    );
    expect(receives).toEqual({ [a.userId]: true, [unticked!]: false, [receiver!]: true });

    // The owner switches it per member: on for all citizens (after the others), off for all.
    const url = (id: string) => `/api/account/household-members/${id}/receives-alarms`;
    const on = await t.app.inject({
      method: 'PUT',
      url: url(unticked!),
      headers: a.headers,
      payload: { receivesAlarms: true },
    });
    expect(on.statusCode, on.body).toBe(204);
    expect(await receiversOf()).toEqual([
      [a.userId, receiver, unticked],
      [receiver, unticked],
    ]);
    const off = await t.app.inject({
      method: 'PUT',
      url: url(receiver!),
      headers: a.headers,
      payload: { receivesAlarms: false },
    });
    expect(off.statusCode).toBe(204);
    expect(await receiversOf()).toEqual([[a.userId, unticked], [unticked]]);

    // Not by a member, not for someone outside the household, not across households; bad input 400.
    const memberHeaders = bearer(await signIn(t, { userName: ticked.userName, password: ticked.password }));
    const byMember = await t.app.inject({
      method: 'PUT',
      url: url(unticked!),
      headers: memberHeaders,
      payload: { receivesAlarms: false },
    });
    expect(byMember.statusCode).toBe(403);
    const b = await household();
    const across = await t.app.inject({
      method: 'PUT',
      url: url(unticked!),
      headers: b.headers,
      payload: { receivesAlarms: false },
    });
    expect(across.statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: 'PUT',
      url: url(b.userId),
      headers: a.headers,
      payload: { receivesAlarms: true },
    });
    expect(stranger.statusCode).toBe(404);
    for (const payload of [{ receivesAlarms: 'yes' }, {}, { receivesAlarms: null }]) {
      const bad = await t.app.inject({ method: 'PUT', url: url(unticked!), headers: a.headers, payload });
      expect(bad.statusCode).toBe(400);
    }
    expect(await receiversOf()).toEqual([[a.userId, unticked], [unticked]]);

    // A citizen added later gets the members who receive the alarms, in the order they joined.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/citizens/wizard',
      headers: a.headers,
      payload: {
        information: {
          name: 'Farmor',
          surname: 'Hansen',
          cpr: nextCpr(),
          address: '',
          zipCode: '',
          city: '',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const later = await t.database.db
      .select({ userId: citizenAlarmReceivers.userId })
      .from(citizenAlarmReceivers)
      .where(eq(citizenAlarmReceivers.citizenId, created.json().id))
      .orderBy(asc(citizenAlarmReceivers.position));
    expect(later.map((row) => row.userId)).toEqual([unticked]);
  });
});
