import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { selectRows } from '../../platform/db/database';
import { startOutboxDelivery, type OutboxDelivery } from '../../platform/outbox/outbox-delivery';
import type { OutboundSms } from '../../platform/outbox/sms-transport';
import { recordAlarmDeliveryAttempt } from '../alarms/alarm-delivery-attempts';
import { alarmsOf, givenWatch, historyOf, report } from '../alarms/alarms-test-support';
import { citizenAlarmReceivers } from '../citizens/citizens.schema';
import { users } from '../users/users.schema';
import { signedInCaller } from '../users/identity-test-callers';
import { browserKeys, decryptPush, startPushReceiver, verifyVapidAuthorization } from './push-test-support';
import { vapidKeySource } from './vapid-keys';
import { createWebPushTransport } from './web-push-transport';

/**
 * Must show "Push protocol" (issue 21): a browser's subscription to a local push service, an alarm
 * raised through the real OsmAnd gateway, and the outbox delivery job as main.ts composes it. The
 * push service receives an RFC 8291 (aes128gcm) message with an RFC 8292 VAPID token, and the
 * browser's keys decrypt it to the alarm's text. PGlite, or PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let tenantId: string;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let delivery: OutboxDelivery;
const sms: OutboundSms[] = [];

beforeAll(async () => {
  t = await buildTestApp({ pushInsecureEndpointHosts: ['127.0.0.1'] });
  tenantId = (await given(t.database.db).tenant()).id;
  receiver = await startPushReceiver();
  delivery = startOutboxDelivery({
    db: t.database.db,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    transport: { send: async () => undefined },
    smsTransport: { send: async (message) => void sms.push(message) },
    // As main.ts composes it; the tests drive it with deliverNow, never with the clock.
    pushTransport: createWebPushTransport({
      keys: vapidKeySource(t.config),
      subject: t.config.vapidSubject,
      insecureHosts: t.config.pushInsecureEndpointHosts,
    }),
    onAlarmAttempt: recordAlarmDeliveryAttempt,
    intervalMs: 3_600_000,
  });
});
afterAll(async () => {
  await delivery?.stop();
  await receiver?.close();
  await t?.close();
});

/**
 * A citizen wearing a watch whose only alarm receiver is a signed-in user (with a phone number),
 * reached by push alone; the user's browser subscribed at `endpoint` of the local push service.
 */
async function givenPushReceiver(endpointId: string) {
  const { device, citizenId } = await givenWatch(t, tenantId, { citizen: true });
  const caller = await signedInCaller(t, { tenantId, permissions: [] });
  const phone = `+4520${String(Date.now()).slice(-6)}`;
  await t.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, caller.user.id));
  await t.database.db.delete(citizenAlarmReceivers).where(eq(citizenAlarmReceivers.citizenId, citizenId!));
  await t.database.db.insert(citizenAlarmReceivers).values({
    tenantId,
    citizenId: citizenId!,
    position: 1,
    kind: 'user',
    userId: caller.user.id,
    channels: ['push'],
  });
  const keys = browserKeys();
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...caller.headers, 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/131' },
    payload: {
      endpoint: receiver.endpoint(endpointId),
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      label: 'Work phone',
    },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  return { device, caller, keys, phone };
}

async function outboxOf(alarmId: string) {
  return selectRows<{ id: string; channel: string; status: string; recipient: string }>(
    t.database.db,
    sql`select id, channel, status, recipient from outbox where alarm_id = ${alarmId} order by created_at, id`,
  );
}

describe('an alarm to a receiver with a subscribed browser', () => {
  it('reaches the push service encrypted and signed, and the browser decrypts it to the alarm', async () => {
    const { device, caller, keys } = await givenPushReceiver('device-a');
    const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: caller.headers });
    expect(key.statusCode).toBe(200);
    const { publicKey } = key.json<{ publicKey: string }>();

    expect((await report(t, device.imei, 30, { alarm: 'sos' })).statusCode).toBe(200);
    const [alarm] = await alarmsOf(t, device.id);
    const [push] = await outboxOf(alarm!.id);
    expect(push).toMatchObject({ channel: 'push', status: 'pending', recipient: caller.user.id });
    const notified = (await historyOf(t, alarm!.id)).find((entry) => entry.action === 'notified');
    expect(notified?.detail).toMatchObject({ channels: ['push'], outbox: { push: push!.id } });

    await delivery.deliverNow();
    const pushes = receiver.received.filter((request) => request.path === '/push/device-a');
    expect(pushes).toHaveLength(1);
    const [request] = pushes as [(typeof pushes)[number]];
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['urgency']).toBe('high');
    expect(Number(request.headers['ttl'])).toBeGreaterThan(0);

    const vapid = verifyVapidAuthorization(request.headers.authorization, publicKey);
    expect(vapid.valid).toBe(true);
    expect(vapid.header.alg).toBe('ES256');
    expect(vapid.claims.aud).toBe(receiver.origin);
    expect(vapid.claims.sub).toBe(t.config.vapidSubject);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    // The body is ciphertext: the alarm's text is not readable on the wire.
    expect(request.body.toString('latin1')).not.toContain('Inge Jensen');

    const message = JSON.parse(decryptPush(request.body, keys)) as Record<string, string>;
    expect(message).toEqual({
      alarmId: alarm!.id,
      title: 'SOS alarm: Inge Jensen',
      body: expect.stringContaining('Inge Jensen'),
      url: `/alarms/${alarm!.id}`,
    });

    expect((await outboxOf(alarm!.id))[0]).toMatchObject({ status: 'sent' });
    const delivered = (await historyOf(t, alarm!.id)).filter((entry) => entry.action === 'delivered');
    expect(delivered.map((entry) => entry.detail)).toEqual([
      { channel: 'push', receiverId: expect.any(String), outboxId: push!.id },
    ]);
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/push/subscriptions',
      headers: caller.headers,
    });
    expect(devices.json()).toMatchObject({
      items: [{ label: 'Work phone', service: receiver.origin.slice('http://'.length), failureCount: 0 }],
    });
    expect(devices.json().items[0].lastSuccessAt).not.toBeNull();
  });

  it('drops a subscription the push service says is gone, and falls back to SMS at once', async () => {
    const { device, caller, phone } = await givenPushReceiver('gone-b');
    await report(t, device.imei, 20, { alarm: 'sos' });
    const [alarm] = await alarmsOf(t, device.id);

    await delivery.deliverNow();
    expect(receiver.received.filter((request) => request.path === '/push/gone-b')).toHaveLength(1);
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/push/subscriptions',
      headers: caller.headers,
    });
    expect(devices.json()).toEqual({ items: [] });
    const [push, fallback, ...more] = await outboxOf(alarm!.id);
    expect(more).toEqual([]);
    expect(push).toMatchObject({ channel: 'push', status: 'failed' });
    expect(fallback).toMatchObject({ channel: 'sms', status: 'pending', recipient: phone });
    const failed = (await historyOf(t, alarm!.id)).filter((entry) => entry.action === 'deliveryFailed');
    expect(failed.map((entry) => entry.detail)).toEqual([
      {
        channel: 'push',
        receiverId: expect.any(String),
        outboxId: push!.id,
        reason: 'gone',
        fallbackTo: 'sms',
      },
    ]);

    await delivery.deliverNow();
    expect(sms).toEqual([{ to: phone, body: expect.stringContaining('SOS alarm: Inge Jensen') }]);
    const history = await historyOf(t, alarm!.id);
    expect(history.map((entry) => entry.action)).toEqual([
      'created',
      'notified',
      'deliveryFailed',
      'delivered',
    ]);
    expect(history.at(-1)!.detail).toEqual({
      channel: 'sms',
      receiverId: expect.any(String),
      outboxId: fallback!.id,
    });
  });

  it('fails a push at once when the user has no subscribed device, and falls back', async () => {
    const { device, caller } = await givenPushReceiver('removed-c');
    const [subscription] = (
      await t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: caller.headers })
    ).json<{ items: { id: string }[] }>().items;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${subscription!.id}`,
      headers: caller.headers,
    });
    expect(removed.statusCode).toBe(204);
    await report(t, device.imei, 10, { alarm: 'sos' });
    const [alarm] = await alarmsOf(t, device.id);
    await delivery.deliverNow();
    const failed = (await historyOf(t, alarm!.id)).find((entry) => entry.action === 'deliveryFailed');
    expect(failed?.detail).toMatchObject({ channel: 'push', reason: 'noSubscription', fallbackTo: 'sms' });
    expect(receiver.received.some((request) => request.path === '/push/removed-c')).toBe(false);
  });
});
