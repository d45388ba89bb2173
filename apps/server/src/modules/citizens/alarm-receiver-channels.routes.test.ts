import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { users } from '../users/users.schema';
import { citizensTenant, createCitizen, fieldErrors, type CitizensTenant } from './citizens-test-support';

/**
 * The channels of alarm receivers (issue 21): push, SMS, e-mail, chosen per receiver, each needing
 * its address; by default every channel the receiver has an address for.
 */
let t: TestApp;
let a: CitizensTenant;

beforeAll(async () => {
  t = await buildTestApp();
  a = await citizensTenant(t);
  // The caregiver has an e-mail address but no phone number.
  await t.database.db.update(users).set({ phoneNumber: null }).where(eq(users.id, a.caregiver.id));
});
afterAll(async () => {
  await t.close();
});

async function receiversUrl() {
  return `/api/citizens/${(await createCitizen(a)).id}/alarm-receivers`;
}

describe('alarm receiver channels', () => {
  it('default to every channel with an address, push for users only', async () => {
    const saved = await a.admin.send('PUT', await receiversUrl(), {
      receivers: [
        { kind: 'contactPerson', contactPersonId: a.contactPersonId },
        { kind: 'user', userId: a.caregiver.id },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().alarmReceivers.map((receiver: { channels: string[] }) => receiver.channels)).toEqual([
      ['sms', 'email'],
      ['push', 'email'],
    ]);
  });

  it('keep the channels chosen, in fallback order', async () => {
    const url = await receiversUrl();
    const saved = await a.admin.send('PUT', url, {
      receivers: [
        { kind: 'user', userId: a.caregiver.id, channels: ['email', 'push'] },
        { kind: 'contactPerson', contactPersonId: a.contactPersonId, channels: ['email'] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().alarmReceivers).toMatchObject([
      { channels: ['push', 'email'] },
      { channels: ['email'] },
    ]);
    const read = await a.admin.send('GET', url.replace('/alarm-receivers', ''));
    expect(read.json().alarmReceivers).toMatchObject([
      { channels: ['push', 'email'] },
      { channels: ['email'] },
    ]);
  });

  it.each([
    ['push for a contact person', { kind: 'contactPerson', channels: ['push'] }, 'citizens:pushNeedsUser'],
    ['SMS without a phone number', { kind: 'user', channels: ['push', 'sms'] }, 'citizens:smsNeedsPhone'],
    ['a channel twice', { kind: 'user', channels: ['push', 'push'] }, 'citizens:duplicateChannel'],
    ['no channel at all', { kind: 'user', channels: [] }, undefined],
    ['an unknown channel', { kind: 'user', channels: ['pigeon'] }, undefined],
  ])('refuse %s with a field error', async (_case, receiver, message) => {
    const id = receiver.kind === 'user' ? { userId: a.caregiver.id } : { contactPersonId: a.contactPersonId };
    const url = await receiversUrl();
    const refused = await a.admin.send('PUT', url, { receivers: [{ ...receiver, ...id }] });
    expect(refused.statusCode).toBe(400);
    const [error, ...others] = fieldErrors(refused)!;
    expect(others).toEqual([]);
    expect(error!.field).toMatch(/^receivers\.0\.channels/);
    if (message) expect(error!.message).toBe(message);
    expect((await a.admin.send('GET', url.replace('/alarm-receivers', ''))).json().alarmReceivers).toEqual(
      [],
    );
  });
});
