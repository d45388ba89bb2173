import type { RealtimeEvent } from '@homeward/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { outbox } from '../../platform/outbox/outbox.schema';
import { parseRealtimePayload, REALTIME_CHANNEL } from '../../platform/realtime/realtime-publish';
import { given, type GivenUser } from '../../test/given';
import { eventually } from '../telemetry/telemetry-test-support';
import { organizationUnits, userOrganizationUnits } from '../organization-units/organization-units.schema';
import { users } from '../users/users.schema';
import { deliverDueMessages } from './message-delivery';
import { messageRecipients, scheduledMessages, type ScheduledMessageInsert } from './messages.schema';

let database: TestDatabase;
let tenantId: string;
let events: RealtimeEvent[];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  tenantId = (await given(database.db).tenant()).id;
  events = [];
  stopListening = await database.listen(REALTIME_CHANNEL, (payload) =>
    events.push(
      ...parseRealtimePayload(payload, (unreadable) => {
        throw new Error(`unreadable realtime payload: ${unreadable}`);
      }),
    ),
  );
});
afterAll(async () => {
  await stopListening?.();
  await database?.drop();
});

const NOW = new Date('2031-05-01T08:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function givenMessage(values: Partial<ScheduledMessageInsert>) {
  const [row] = await database.db
    .insert(scheduledMessages)
    .values({
      tenantId,
      subject: `Subject ${randomBytes(4).toString('hex')}`,
      body: 'Body',
      sendAt: NOW,
      ...values,
    })
    .returning();
  return row!;
}

const messageRow = async (id: string) =>
  (await database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, id)))[0]!;
const recipientsOf = async (id: string) =>
  (
    await database.db
      .select({ userId: messageRecipients.userId })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, id))
  )
    .map((row) => row.userId)
    .sort();
const emailsTo = (addresses: string[], subject: string) =>
  database.db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.recipient, addresses), eq(outbox.subject, subject)));

async function givenUnit(code: string) {
  const [row] = await database.db
    .insert(organizationUnits)
    .values({ tenantId, code, displayName: `Unit ${code}` })
    .returning();
  return row!;
}
async function addMember(unitId: string, user: GivenUser) {
  await database.db
    .insert(userOrganizationUnits)
    .values({ userId: user.id, organizationUnitId: unitId, tenantId });
}

describe('the message delivery job', () => {
  it('delivers a due message once: recipients, one e-mail each, a realtime event per user', async () => {
    const g = given(database.db);
    const [anna, bo] = [await g.user({ tenantId }), await g.user({ tenantId })];
    const message = await givenMessage({ userIds: [anna.id, bo.id], sendAt: at(-1) });
    const future = await givenMessage({ userIds: [anna.id], sendAt: at(5) });

    expect(await deliverDueMessages(database.db, NOW)).toBeGreaterThanOrEqual(1);
    expect(await messageRow(message.id)).toMatchObject({
      status: 'delivered',
      deliveredAt: NOW,
      recipientCount: 2,
      emailCount: 2,
    });
    expect(await recipientsOf(message.id)).toEqual([anna.id, bo.id].sort());
    const emails = await emailsTo([anna.email, bo.email], message.subject);
    expect(emails.map((row) => row.recipient).sort()).toEqual([anna.email, bo.email].sort());
    expect(emails.every((row) => row.tenantId === tenantId && row.status === 'pending')).toBe(true);
    await eventually(
      async () =>
        events.filter((event) => event.type === 'message' && event.messageId === message.id).length >= 2,
    );
    const pushed = events.filter((event) => event.type === 'message' && event.messageId === message.id);
    expect(pushed).toHaveLength(2);
    expect(pushed.map((event) => event.type === 'message' && event.userIds).sort()).toEqual(
      [[anna.id], [bo.id]].sort(),
    );
    expect(pushed[0]).toMatchObject({ tenantId, organizationIds: [], text: message.subject });

    // A second run sends nothing again; the future message waits for its time.
    await deliverDueMessages(database.db, NOW);
    expect(await emailsTo([anna.email, bo.email], message.subject)).toHaveLength(2);
    expect(await messageRow(future.id)).toMatchObject({ status: 'scheduled', deliveredAt: null });
    expect(await recipientsOf(future.id)).toEqual([]);
    await deliverDueMessages(database.db, at(5));
    expect(await messageRow(future.id)).toMatchObject({ status: 'delivered', recipientCount: 1 });
  });

  it('delivers each message exactly once with two runners at the same time', async () => {
    const g = given(database.db);
    const people = await Promise.all([1, 2, 3].map(() => g.user({ tenantId })));
    const messages = await Promise.all(
      [1, 2, 3, 4, 5].map(() => givenMessage({ userIds: people.map((user) => user.id), sendAt: at(10) })),
    );
    const [first, second] = await Promise.all([
      deliverDueMessages(database.db, at(10)),
      deliverDueMessages(database.db, at(10)),
    ]);
    expect(first + second).toBe(messages.length);
    for (const message of messages) {
      expect(await recipientsOf(message.id)).toHaveLength(3);
      expect(
        await emailsTo(
          people.map((user) => user.email),
          message.subject,
        ),
      ).toHaveLength(3);
      expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', recipientCount: 3 });
    }
  });

  it('resolves unit members at delivery, with sub-units only when asked, each user once', async () => {
    const g = given(database.db);
    const code = String(10_000 + (randomBytes(3).readUIntBE(0, 3) % 90_000));
    const top = await givenUnit(code);
    const child = await givenUnit(`${code}.00001`);
    const grandchild = await givenUnit(`${code}.00001.00001`);
    const sibling = await givenUnit(`${code}1`);
    const [topMember, childMember, deepMember, siblingMember, lateMember] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => g.user({ tenantId })),
    );
    await addMember(top.id, topMember!);
    await addMember(child.id, childMember!);
    await addMember(child.id, topMember!);
    await addMember(grandchild.id, deepMember!);
    await addMember(sibling.id, siblingMember!);
    const withSubUnits = await givenMessage({
      organizationUnitIds: [top.id],
      includeSubOrganizations: true,
      userIds: [topMember!.id],
      sendAt: at(20),
    });
    const topOnly = await givenMessage({ organizationUnitIds: [top.id], sendAt: at(20) });
    // Joins after the message was written, before it is sent: members at send time count.
    await addMember(top.id, lateMember!);
    // An inactive member gets nothing.
    const inactive = await g.user({ tenantId });
    await addMember(top.id, inactive);
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));

    await deliverDueMessages(database.db, at(20));
    expect(await recipientsOf(withSubUnits.id)).toEqual(
      [topMember!.id, childMember!.id, deepMember!.id, lateMember!.id].sort(),
    );
    expect(await recipientsOf(topOnly.id)).toEqual([topMember!.id, lateMember!.id].sort());
  });

  it("never reaches another tenant's users, even when their ids are stored", async () => {
    const g = given(database.db);
    const otherTenant = await g.tenant();
    const stranger = await g.user({ tenantId: otherTenant.id });
    const message = await givenMessage({ userIds: [stranger.id], sendAt: at(30) });
    await deliverDueMessages(database.db, at(30));
    expect(await messageRow(message.id)).toMatchObject({ status: 'delivered', recipientCount: 0 });
    expect(await recipientsOf(message.id)).toEqual([]);
  });
});

describe('a message that cannot be delivered', () => {
  it('stays scheduled, is logged, and does not hold up the messages due after it', async () => {
    const g = given(database.db);
    const anna = await g.user({ tenantId });
    // The database refuses to mark this one message delivered (as a broken row would).
    await database.db.execute(
      sql`create or replace function refuse_poison() returns trigger language plpgsql as $$
          begin if new.subject = 'Poison' and new.status = 'delivered' then raise exception 'poison'; end if;
          return new; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_poison before update on scheduled_messages
          for each row execute function refuse_poison()`,
    );
    const poison = await givenMessage({ subject: 'Poison', userIds: [anna.id], sendAt: at(40) });
    const healthy = await givenMessage({ userIds: [anna.id], sendAt: at(41) });
    const errors: object[] = [];
    const delivered = await deliverDueMessages(database.db, at(41), {
      error: (object) => errors.push(object),
    });
    expect(delivered).toBe(1);
    expect(errors).toEqual([expect.objectContaining({ messageId: poison.id })]);
    expect(await messageRow(poison.id)).toMatchObject({ status: 'scheduled' });
    expect(await recipientsOf(poison.id)).toEqual([]);
    expect(await emailsTo([anna.email], 'Poison')).toEqual([]);
    expect(await messageRow(healthy.id)).toMatchObject({ status: 'delivered', recipientCount: 1 });
    await database.db.execute(sql`drop trigger refuse_poison on scheduled_messages`);
  });
});
