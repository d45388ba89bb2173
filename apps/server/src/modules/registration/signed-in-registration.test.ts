import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { invitations, users, userTokens } from '../users/users.schema';
import { hashLinkToken } from '../../platform/auth/link-tokens';
import { tenants } from '../tenants/tenants.schema';
import {
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

/** The Authorization header of a freshly signed-in user of a new tenant. */
async function tenantUserHeaders(language = 'en') {
  const tenant = await given(t.database.db).tenant();
  const user = await given(t.database.db).user({ tenantId: tenant.id });
  return { ...bearer(await signIn(t, user)), 'accept-language': language };
}

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

describe('registration while signed in', () => {
  it('refuses a new registration with 409 and a translated reason, and creates nothing', async () => {
    const body = registrationBody();
    const response = await post('/api/account/pending-registration', await tenantUserHeaders('da'), body);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'conflict', message: 'registration:alreadySignedIn' },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await emailsTo(t.database.db, body.email)).toEqual([]);
  });

  it('refuses a host user too, whose scope would have let the insert through', async () => {
    const host = await given(t.database.db).user();
    const headers = bearer(await signIn(t, host));
    const response = await post('/api/account/pending-registration', headers, registrationBody());
    expect(response.statusCode).toBe(409);
  });

  it('confirms an e-mail from the link although a tenant user is signed in in that browser', async () => {
    const body = registrationBody();
    expect((await register(t, body)).statusCode).toBe(201);
    const token = await confirmationTokenSentTo(t.database.db, body.email);

    const headers = await tenantUserHeaders();
    const confirmed = await post('/api/account/complete-registration', headers, { confirmationToken: token });
    expect(confirmed.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    // Moved into a household of their own, not into the signed-in user's tenant.
    expect(user).toMatchObject({ emailConfirmed: true });
    const [household] = await t.database.db.select().from(tenants).where(eq(tenants.ownerUserId, user!.id));
    expect(user!.tenantId).toBe(household!.id);
  });

  it('sends the confirmation e-mail again, and reads an invitation, for a signed-in caller', async () => {
    const body = registrationBody();
    await register(t, body);
    // A minute later, so the once-a-minute limit lets the second e-mail go.
    await t.database.db.update(userTokens).set({ createdAt: new Date(Date.now() - 120_000) });
    const headers = await tenantUserHeaders();
    expect((await post('/api/account/resend-email', headers, { email: body.email })).statusCode).toBe(204);
    expect(await emailsTo(t.database.db, body.email)).toHaveLength(2);

    const inviter = await registeredHousehold(t);
    await t.database.db.insert(invitations).values({
      tenantId: inviter.householdId,
      inviterUserId: inviter.userId,
      email: 'invited.signed.in@example.dk',
      tokenHash: hashLinkToken('invite-signed-in'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const lookUp = await t.app.inject({ url: '/api/account/invitations/invite-signed-in', headers });
    expect(lookUp.statusCode).toBe(200);
    expect(lookUp.json()).toEqual({ email: 'invited.signed.in@example.dk' });
  });
});
