import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { contactPeople } from '../contact-people/contact-people.schema';
import { users } from '../users/users.schema';
import { citizenAlarmReceivers } from './citizens.schema';
import { citizensTenant, createCitizen } from './citizens-test-support';

/**
 * Migration 0065 gives receivers that existed before channels the ones that reached them then
 * (SMS with a phone, e-mail with an address), and push to users. Its backfill statement, run on
 * receivers as they were.
 */
const MIGRATION = readFileSync(new URL('../../../drizzle/0065_push.sql', import.meta.url), 'utf8');
const BACKFILL = MIGRATION.split('--> statement-breakpoint').find((statement) =>
  statement.includes('UPDATE "citizen_alarm_receivers"'),
)!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the channels backfill of migration 0065', () => {
  it('gives each existing receiver the channels it has addresses for, and push to users', async () => {
    const a = await citizensTenant(t);
    const db = t.database.db;
    const citizen = await createCitizen(a);
    await db.update(users).set({ phoneNumber: null }).where(eq(users.id, a.caregiver.id));
    await db.update(contactPeople).set({ email: '' }).where(eq(contactPeople.id, a.contactPersonId));
    await db.insert(citizenAlarmReceivers).values([
      { tenantId: a.tenant.id, citizenId: citizen.id, position: 1, kind: 'user', userId: a.caregiver.id },
      {
        tenantId: a.tenant.id,
        citizenId: citizen.id,
        position: 2,
        kind: 'contactPerson',
        contactPersonId: a.contactPersonId,
      },
    ]);
    await db.execute(sql.raw(BACKFILL));
    const rows = await db
      .select({ position: citizenAlarmReceivers.position, channels: citizenAlarmReceivers.channels })
      .from(citizenAlarmReceivers)
      .where(eq(citizenAlarmReceivers.citizenId, citizen.id))
      .orderBy(citizenAlarmReceivers.position);
    expect(rows).toEqual([
      { position: 1, channels: ['push', 'email'] },
      { position: 2, channels: ['sms'] },
    ]);
  });
});
