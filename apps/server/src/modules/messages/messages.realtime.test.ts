import type { RealtimeEvent, RealtimeServerMessage } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { deliverDueMessages } from './message-delivery';

let t: TestApp;
let url: string;
let sender: TestTokens;
let reader: GivenUser;
let other: GivenUser;
let readerToken: string;
let otherToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const tenantId = (await g.tenant()).id;
  const senderUser = await g.user({
    tenantId,
    permissions: ['Homeward.Messages', 'Homeward.Messages.Create'],
  });
  reader = await g.user({ tenantId, permissions: ['Homeward.Messages'] });
  other = await g.user({ tenantId, permissions: ['Homeward.Messages'] });
  sender = await signIn(t, senderUser);
  readerToken = (await signIn(t, reader)).accessToken;
  otherToken = (await signIn(t, other)).accessToken;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/realtime`;
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in realtime client collecting the message events it is sent. */
async function connect(accessToken: string) {
  const socket = new WebSocket(url);
  const received: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as RealtimeServerMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', accessToken }));
  const events = () =>
    received.flatMap((message) => (message.type === 'events' ? message.events : [])) as RealtimeEvent[];
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((wake) => waiters.push(wake));
  };
  await until(() => received.some((message) => message.type === 'ready'));
  return { socket, events, until };
}

async function sendNow(subject: string, userIds: string[]) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(sender),
    payload: { subject, body: 'Text', sendAt: new Date().toISOString(), userIds },
  });
  expect(created.statusCode, created.body).toBe(201);
  await deliverDueMessages(t.database.db, new Date(Date.now() + 1000));
  return (created.json() as { id: string }).id;
}

describe('delivered messages on the realtime channel', () => {
  it('are pushed to their recipient only', async () => {
    const readerClient = await connect(readerToken);
    const otherClient = await connect(otherToken);
    const forReader = await sendNow('For the reader', [reader.id]);
    await readerClient.until(() => readerClient.events().length > 0);
    expect(readerClient.events()).toEqual([
      expect.objectContaining({
        type: 'message',
        messageId: forReader,
        text: 'For the reader',
        userIds: [reader.id],
      }),
    ]);
    // Events arrive in commit order: once the other user has their own, the reader's would be there.
    const forOther = await sendNow('For the other', [other.id]);
    await otherClient.until(() => otherClient.events().length > 0);
    expect(otherClient.events().map((event) => event.type === 'message' && event.messageId)).toEqual([
      forOther,
    ]);
    readerClient.socket.close();
    otherClient.socket.close();
  });
});
