import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSecondNode } from '../../../test/build-second-node';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { given, type GivenUser } from '../../../test/given';
import { bearer, revokeToken, signIn, tokenRequest, type TestTokens } from '../../../test/sign-in';
import { oidcPayloads } from '../oidc.schema';
import type { RevokedGrant } from './token-revocation-notices';

// Two API nodes over one database: A answers the revocations, B serves the API from its cache.
let nodeA: TestApp;
let nodeB: TestApp;
let user: GivenUser;
/** The revocation notices node B has applied, in order. */
const heardOnB: RevokedGrant[] = [];

beforeAll(async () => {
  nodeA = await buildTestApp();
  nodeB = await buildSecondNode(nodeA, { onTokenRevocationHeard: (grant) => heardOnB.push(grant) });
  user = await given(nodeA.database.db).user();
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

/** A call only a signed-in user may make, to node B. */
async function statusOnB(accessToken: string): Promise<number> {
  const response = await nodeB.app.inject({
    url: '/api/account/my-security-logs',
    headers: bearer({ accessToken }),
  });
  return response.statusCode;
}

/** The grant an access token belongs to, read before it goes. */
async function grantOf(tokens: TestTokens): Promise<string> {
  const [row] = await nodeA.database.db
    .select({ grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'AccessToken'), eq(oidcPayloads.id, tokens.accessToken)));
  return row!.grantId!;
}

/** Waits until node B has applied the notice of `grant` (it never arrives without the fan-out). */
async function heardOnNodeB(grant: string): Promise<void> {
  await vi.waitFor(() => expect(heardOnB).toContain(grant));
}

describe('a revocation on one node reaches every node at once', () => {
  it('refuses on node B an access token revoked on node A, though B had it cached', async () => {
    const tokens = await signIn(nodeA, user);
    const grant = await grantOf(tokens);
    expect(await statusOnB(tokens.accessToken)).toBe(200);

    expect((await revokeToken(nodeA, tokens.accessToken, 'access_token')).statusCode).toBe(200);
    await heardOnNodeB(grant);
    expect(await statusOnB(tokens.accessToken)).toBe(401);
  });

  it('refuses on node B the access token of a refresh token revoked on node A (its grant goes)', async () => {
    const tokens = await signIn(nodeA, user);
    const grant = await grantOf(tokens);
    expect(await statusOnB(tokens.accessToken)).toBe(200);

    expect((await revokeToken(nodeA, tokens.refreshToken!, 'refresh_token')).statusCode).toBe(200);
    await heardOnNodeB(grant);
    expect(await statusOnB(tokens.accessToken)).toBe(401);
  });

  it('refuses on node B every access token of a grant that a reused refresh token revoked on node A', async () => {
    const first = await signIn(nodeA, user);
    const grant = await grantOf(first);
    const refresh = (refreshToken: string) =>
      tokenRequest(nodeA, { grant_type: 'refresh_token', client_id: 'branded', refresh_token: refreshToken });
    const rotated = (await refresh(first.refreshToken!)).json<{ access_token: string }>();
    expect(await statusOnB(first.accessToken)).toBe(200);
    expect(await statusOnB(rotated.access_token)).toBe(200);

    // The old refresh token comes back: theft is assumed, and the whole grant is revoked.
    expect((await refresh(first.refreshToken!)).json()).toMatchObject({ error: 'invalid_grant' });
    await heardOnNodeB(grant);
    expect(await statusOnB(first.accessToken)).toBe(401);
    expect(await statusOnB(rotated.access_token)).toBe(401);
  });

  it('keeps serving on node B the tokens of other grants', async () => {
    const kept = await signIn(nodeA, user);
    const revoked = await signIn(nodeA, user);
    const grant = await grantOf(revoked);
    expect(await statusOnB(kept.accessToken)).toBe(200);

    await revokeToken(nodeA, revoked.accessToken, 'access_token');
    await heardOnNodeB(grant);
    expect(await statusOnB(kept.accessToken)).toBe(200);
  });
});
