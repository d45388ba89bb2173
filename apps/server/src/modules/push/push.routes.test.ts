import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { selectRows } from '../../platform/db/database';
import { signedInCaller, type SignedInCaller } from '../users/identity-test-callers';
import { browserKeys, startPushReceiver } from './push-test-support';
import { loadVapidKeys } from './vapid-keys';

/** `/api/push`: a user's own subscriptions, their validation (no SSRF), and the test push. */
let t: TestApp;
let tenantId: string;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;

beforeAll(async () => {
  t = await buildTestApp({ pushInsecureEndpointHosts: ['127.0.0.1'] });
  tenantId = (await given(t.database.db).tenant()).id;
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const keys = browserKeys();
const validKeys = { p256dh: keys.p256dh, auth: keys.auth };

function subscribe(caller: SignedInCaller, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: caller.headers, payload });
}
const list = (caller: SignedInCaller) =>
  t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: caller.headers });

describe('subscribing', () => {
  it.each([
    ['plain http to a host not allowed for it', 'http://push.example.com/x', 'push:endpointNotHttps'],
    ['another scheme', 'ftp://push.example.com/x', 'push:endpointNotHttps'],
    ['this machine', 'https://localhost/x', 'push:endpointNotAllowed'],
    ['a loopback address', 'https://127.0.0.2/x', 'push:endpointNotAllowed'],
    ['a private address', 'https://10.1.2.3/x', 'push:endpointNotAllowed'],
    ['the cloud metadata address', 'https://169.254.169.254/latest', 'push:endpointNotAllowed'],
    ['an IPv6 private address', 'https://[fd00::1]/x', 'push:endpointNotAllowed'],
    ['a name without a domain', 'https://intranet/x', 'push:endpointNotAllowed'],
    ['credentials in the URL', 'https://user:pw@push.example.com/x', 'push:endpointNotAllowed'],
  ])('refuses %s with a field error', async (_case, endpoint, message) => {
    const caller = await signedInCaller(t, { tenantId, permissions: [] });
    const answer = await subscribe(caller, { endpoint, keys: validKeys });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.validationErrors).toEqual([
      expect.objectContaining({ field: 'endpoint', message }),
    ]);
    expect((await list(caller)).json()).toEqual({ items: [] });
  });

  it('refuses keys that are not a browser’s, field by field', async () => {
    const caller = await signedInCaller(t, { tenantId, permissions: [] });
    const answer = await subscribe(caller, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'short', auth: 'x'.repeat(40) },
    });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json().error.validationErrors.map((error: { field: string }) => error.field);
    expect(fields.sort()).toEqual(['keys.auth', 'keys.p256dh']);
    expect((await subscribe(caller, { keys: validKeys })).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: validKeys },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('keeps one row per endpoint: the same browser renews, another user takes it over', async () => {
    const first = await signedInCaller(t, { tenantId, permissions: [] });
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/renewed';
    expect((await subscribe(first, { endpoint, keys: validKeys, label: 'Old' })).statusCode).toBe(201);
    expect((await subscribe(first, { endpoint, keys: browserKeys(), label: 'New' })).statusCode).toBe(201);
    expect((await list(first)).json().items).toEqual([
      expect.objectContaining({ label: 'New', service: 'updates.push.services.mozilla.com' }),
    ]);
    // A user of another tenant signing in on the same browser: the endpoint is now theirs alone.
    const otherTenant = (await given(t.database.db).tenant()).id;
    const second = await signedInCaller(t, { tenantId: otherTenant, permissions: [] });
    expect((await subscribe(second, { endpoint, keys: validKeys })).statusCode).toBe(201);
    expect((await list(first)).json().items).toEqual([]);
    expect((await list(second)).json().items).toHaveLength(1);
  });
});

describe('a user’s devices', () => {
  it('are listed and removed only by their user; the keys never leave the server', async () => {
    const owner = await signedInCaller(t, { tenantId, permissions: [] });
    const colleague = await signedInCaller(t, { tenantId, permissions: [] });
    const created = await subscribe(owner, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/owned',
      keys: validKeys,
      label: 'Tablet',
    });
    const { id } = created.json<{ id: string }>();
    expect(created.body).not.toContain(keys.auth);
    expect(created.body).not.toContain('/fcm/send/owned');
    expect((await list(colleague)).json()).toEqual({ items: [] });
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${id}`,
      headers: colleague.headers,
    });
    expect(stolen.statusCode).toBe(404);
    const byEndpoint = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: colleague.headers,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/owned' },
    });
    expect(byEndpoint.statusCode).toBe(204);
    expect((await list(owner)).json().items).toHaveLength(1);

    const unsubscribed = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: owner.headers,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/owned' },
    });
    expect(unsubscribed.statusCode).toBe(204);
    expect((await list(owner)).json()).toEqual({ items: [] });
  });

  it('get a test notification, and a user without devices is told so', async () => {
    const caller = await signedInCaller(t, { tenantId, permissions: [] });
    const none = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: caller.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.validationErrors).toEqual([
      expect.objectContaining({ message: 'push:noSubscriptions' }),
    ]);
    await subscribe(caller, { endpoint: receiver.endpoint('test-ok'), keys: validKeys });
    await subscribe(caller, { endpoint: receiver.endpoint('gone-test'), keys: browserKeys() });
    const sent = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: caller.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, failed: 1 });
    expect(receiver.received.map((request) => request.path).sort()).toEqual([
      '/push/gone-test',
      '/push/test-ok',
    ]);
    // The push service forgot one: it is gone from the list.
    expect((await list(caller)).json().items).toHaveLength(1);
  });
});

describe('the VAPID key pair', () => {
  it('is made once and shared: every node reads the same pair, and only the public key is served', async () => {
    const caller = await signedInCaller(t, { tenantId, permissions: [] });
    const served = (
      await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: caller.headers })
    ).json<{ publicKey: string }>().publicKey;
    // Nodes starting at once: each tries to store its own fresh pair, all end up with the first.
    const nodes = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.database.db, {})));
    expect(new Set(nodes.map((keys) => keys.publicKey))).toEqual(new Set([served]));
    expect(new Set(nodes.map((keys) => keys.privateKey)).size).toBe(1);
    expect(Buffer.from(served, 'base64url')).toHaveLength(65);
    const rows = await selectRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from push_vapid_keys`,
    );
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('comes from the configuration when VAPID_* are set', async () => {
    const configured = { publicKey: 'B'.padEnd(87, 'A'), privateKey: 'A'.repeat(43) };
    expect(await loadVapidKeys(t.database.db, { vapidKeys: configured })).toBe(configured);
  });
});
