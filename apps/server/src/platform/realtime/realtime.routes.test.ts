import { ALL_TENANTS_ID, type RealtimeEvent, type RealtimeServerMessage } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { signIn } from '../../test/sign-in';
import { publishRealtime } from './realtime-publish';

let t: TestApp;
let url: string;
let tokenA: string;
let tenantA: string;
let tenantB: string;

const DEVICE = '0190a0b0-0000-7000-8000-0000000000d1';
const deviceEvent = (tenantId: string, battery: number): RealtimeEvent => ({
  type: 'device',
  tenantId,
  organizationId: null,
  state: {
    deviceId: DEVICE,
    status: 'online',
    batteryLevel: battery,
    lastSeenAt: null,
    latitude: null,
    longitude: null,
  },
});

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  [tenantA, tenantB] = [(await g.tenant()).id, (await g.tenant()).id];
  const user = await g.user({ tenantId: tenantA, permissions: ['Homeward.Dashboard'] });
  tokenA = (await signIn(t, user)).accessToken;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/realtime`;
});
afterAll(async () => {
  await t?.close();
});

/** A connected client: every message it got, and a way to wait for the next ones. */
async function connect(auth: object) {
  const socket = new WebSocket(url);
  const messages: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let closeCode: number | undefined;
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as RealtimeServerMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('close', (code) => {
    closeCode = code;
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify(auth));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((wake) => waiters.push(wake));
  };
  return { socket, messages, until, closeCode: () => closeCode };
}

const eventsOf = (messages: RealtimeServerMessage[]) =>
  messages.flatMap((message) => (message.type === 'events' ? message.events : []));

describe('realtime channel', () => {
  it('pushes committed events of the user’s tenant only, and never a rolled-back one', async () => {
    const client = await connect({ type: 'auth', accessToken: tokenA });
    await client.until(() => client.messages.some((message) => message.type === 'ready'));
    await t.database.db
      .transaction(async (tx) => {
        await publishRealtime(tx, deviceEvent(tenantA, 11));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await publishRealtime(t.database.db, deviceEvent(tenantB, 22));
    await publishRealtime(t.database.db, deviceEvent(tenantA, 33));
    await client.until(() => eventsOf(client.messages).length > 0);
    expect(eventsOf(client.messages)).toEqual([deviceEvent(tenantA, 33)]);
    client.socket.close();
  });

  it('closes the connection for a bad token or a tenant filter the user may not use', async () => {
    const bad = await connect({ type: 'auth', accessToken: 'not-a-token' });
    await bad.until(() => bad.closeCode() !== undefined);
    expect(bad.messages).toEqual([{ type: 'error', code: 'unauthorized' }]);
    expect(bad.closeCode()).toBe(4401);

    const foreign = await connect({ type: 'auth', accessToken: tokenA, tenantFilter: ALL_TENANTS_ID });
    await foreign.until(() => foreign.closeCode() !== undefined);
    expect(foreign.messages).toEqual([{ type: 'error', code: 'forbidden' }]);
    expect(foreign.closeCode()).toBe(4403);

    const garbage = await connect({ hello: 'world' });
    await garbage.until(() => garbage.closeCode() !== undefined);
    expect(garbage.closeCode()).toBe(4400);
  });
});
