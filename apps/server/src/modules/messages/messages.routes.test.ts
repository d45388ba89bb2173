import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { deliverDueMessages } from './message-delivery';

let t: TestApp;
let sender: TestTokens;
let reader: TestTokens;
let otherReader: TestTokens;
let readerUser: GivenUser;
let otherReaderUser: GivenUser;
let foreignUser: GivenUser;
let foreignUnitId: string;
let ownUnitId: string;

const CREATE = ['Homeward.Messages', 'Homeward.Messages.Create'];

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const senderUser = await g.user({ tenantId: tenantA.id, permissions: CREATE });
  readerUser = await g.user({ tenantId: tenantA.id, permissions: ['Homeward.Messages'] });
  otherReaderUser = await g.user({ tenantId: tenantA.id, permissions: ['Homeward.Messages'] });
  foreignUser = await g.user({ tenantId: tenantB.id, permissions: CREATE });
  ownUnitId = (await g.organization(tenantA.id)).id;
  foreignUnitId = (await g.organization(tenantB.id)).id;
  [sender, reader, otherReader] = await Promise.all([
    signIn(t, senderUser),
    signIn(t, readerUser),
    signIn(t, otherReaderUser),
  ]);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST';
const call = (tokens: TestTokens, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const create = (payload: object) =>
  call(sender, 'POST', '/api/messages', {
    subject: 'Hello',
    body: 'Body',
    sendAt: inMinutes(10),
    ...payload,
  });
const fieldErrors = (response: { json(): { error: { validationErrors?: unknown[] } } }) =>
  response.json().error.validationErrors;

describe('scheduled messages', () => {
  it('schedules a message and lists it for the creators', async () => {
    const created = await create({
      subject: 'Staff meeting',
      userIds: [readerUser.id],
      organizationUnitIds: [ownUnitId],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      subject: 'Staff meeting',
      status: 'scheduled',
      userIds: [readerUser.id],
      organizationUnitIds: [ownUnitId],
      recipientCount: null,
    });
    const list = await call(sender, 'GET', '/api/messages?filter=Staff%20meeting');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([created.json().id]);
  });

  it('validates the request with field errors', async () => {
    const noRecipient = await create({ userIds: [] });
    expect(noRecipient.statusCode).toBe(400);
    expect(fieldErrors(noRecipient)).toEqual([{ field: 'userIds', message: 'messages:recipientRequired' }]);
    const past = await create({ userIds: [readerUser.id], sendAt: inMinutes(-5) });
    expect(past.statusCode).toBe(400);
    expect(fieldErrors(past)).toEqual([{ field: 'sendAt', message: 'messages:sendAtInPast' }]);
    const empty = await create({ userIds: [readerUser.id], subject: '', body: 'x'.repeat(4001) });
    expect(fieldErrors(empty)).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'validation.required' },
        { field: 'body', message: 'validation.maxLength', params: { count: 4000 } },
      ]),
    );
  });

  it("refuses another tenant's user or organization unit with a field error", async () => {
    const response = await create({
      userIds: [readerUser.id, foreignUser.id],
      organizationUnitIds: [foreignUnitId],
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      { field: 'userIds.1', message: 'messages:unknownUser' },
      { field: 'organizationUnitIds.0', message: 'messages:unknownOrganizationUnit' },
    ]);
  });

  it('needs Messages.Create to schedule or list, not to read the inbox', async () => {
    expect((await call(reader, 'POST', '/api/messages', { subject: 'x' })).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/messages')).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/messages/for-me')).statusCode).toBe(200);
  });

  it('cancels a scheduled message once; a cancelled one is never delivered', async () => {
    const created = await create({ subject: 'Cancelled', userIds: [readerUser.id], sendAt: inMinutes(0) });
    const id = created.json().id as string;
    const cancelled = await call(sender, 'POST', `/api/messages/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await call(sender, 'POST', `/api/messages/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    await deliverDueMessages(t.database.db, new Date(Date.now() + 60_000));
    expect((await call(sender, 'GET', `/api/messages/${id}`)).json()).toMatchObject({ status: 'cancelled' });
    const inbox = await call(reader, 'GET', '/api/messages/for-me?maxResultCount=100');
    expect(inbox.json().items.map((item: { subject: string }) => item.subject)).not.toContain('Cancelled');
  });

  it('shows each user only their own delivered messages, newest first, and marks them read', async () => {
    const first = await create({
      subject: 'First for reader',
      userIds: [readerUser.id],
      sendAt: inMinutes(0),
    });
    await deliverDueMessages(t.database.db, new Date(Date.now() + 1000));
    const second = await create({
      subject: 'Second for reader',
      userIds: [readerUser.id],
      sendAt: inMinutes(0),
    });
    const forOther = await create({
      subject: 'For the other',
      userIds: [otherReaderUser.id],
      sendAt: inMinutes(0),
    });
    await deliverDueMessages(t.database.db, new Date(Date.now() + 2000));
    const inbox = await call(reader, 'GET', '/api/messages/for-me');
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json() as { items: { id: string; readAt: string | null }[]; unreadCount: number };
    expect(body.items.map((item) => item.id)).toEqual([second.json().id, first.json().id]);
    expect(body.unreadCount).toBe(2);

    const read = await call(reader, 'POST', `/api/messages/${first.json().id}/read`);
    expect(read.statusCode).toBe(204);
    const after = (await call(reader, 'GET', '/api/messages/for-me')).json();
    expect(after.unreadCount).toBe(1);
    expect(after.items[1].readAt).not.toBeNull();
    const unreadOnly = (await call(reader, 'GET', '/api/messages/for-me?unreadOnly=true')).json();
    expect(unreadOnly.items.map((item: { id: string }) => item.id)).toEqual([second.json().id]);

    // Another user's message is neither in the inbox nor markable.
    expect(body.items.map((item) => item.id)).not.toContain(forOther.json().id);
    expect((await call(reader, 'POST', `/api/messages/${forOther.json().id}/read`)).statusCode).toBe(404);
    const other = (await call(otherReader, 'GET', '/api/messages/for-me')).json();
    expect(other.items.map((item: { id: string }) => item.id)).toEqual([forOther.json().id]);
    const delivered = (await call(sender, 'GET', `/api/messages/${first.json().id}`)).json();
    expect(delivered).toMatchObject({ status: 'delivered', recipientCount: 1, emailCount: 1 });
  });
});

describe('recipient lookups', () => {
  it("offers the tenant's own users and units only", async () => {
    const usersFound = await call(sender, 'GET', `/api/messages/user-lookup?filter=${readerUser.userName}`);
    expect(usersFound.statusCode).toBe(200);
    expect(usersFound.json().items.map((item: { id: string }) => item.id)).toEqual([readerUser.id]);
    const foreign = await call(sender, 'GET', `/api/messages/user-lookup?filter=${foreignUser.userName}`);
    expect(foreign.json()).toEqual({ items: [], totalCount: 0 });
    const units = await call(sender, 'GET', '/api/messages/organization-unit-lookup?take=100');
    const unitIds = units.json().items.map((item: { id: string }) => item.id);
    expect(unitIds).toContain(ownUnitId);
    expect(unitIds).not.toContain(foreignUnitId);
    expect((await call(reader, 'GET', '/api/messages/user-lookup')).statusCode).toBe(403);
  });
});
