import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { findAlarmReceivers, replaceAlarmReceivers } from '../citizens';
import { citizenAlarmReceivers, citizens } from '../citizens/citizens.schema';
import { users } from '../users/users.schema';

/*
 * A household member as an alarm receiver of every citizen of the household: a family expects
 * "Bo receives the alarms", not a receiver list per citizen (which the citizen page still offers).
 * The member's `receives_household_alarms` keeps the choice, so citizens added later get them too
 * (citizen-wizard.service.ts). On screen, alarms reach every member anyway (they follow the
 * household's unit); receivers also get them by e-mail and SMS, in their order
 * (modules/alarms/alarm-notifications.ts).
 */

/** The household's users who receive its alarms: by the switch, or as a receiver of a citizen. */
export async function findAlarmReceiverUserIds(db: Database, householdId: string): Promise<Set<string>> {
  const receivers = await db
    .selectDistinct({ userId: citizenAlarmReceivers.userId })
    .from(citizenAlarmReceivers)
    .where(and(eq(citizenAlarmReceivers.tenantId, householdId), isNotNull(citizenAlarmReceivers.userId)));
  const switchedOn = await db
    .select({ userId: users.id })
    .from(users)
    .where(and(eq(users.tenantId, householdId), eq(users.receivesHouseholdAlarms, true)));
  return new Set([...receivers, ...switchedOn].flatMap((row) => (row.userId ? [row.userId] : [])));
}

/**
 * Makes `userId` an alarm receiver of each of the household's citizens (last in the order, where
 * not one already) and of those added later, or no receiver of any. Runs in the caller's
 * transaction and household scope.
 */
export async function setReceivesAlarms(
  db: Database,
  householdId: string,
  userId: string,
  receivesAlarms: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ receivesHouseholdAlarms: receivesAlarms })
    .where(and(eq(users.id, userId), eq(users.tenantId, householdId)));
  const rows = await db.select({ id: citizens.id }).from(citizens).where(eq(citizens.tenantId, householdId));
  for (const citizen of rows) {
    const current = await findAlarmReceivers(db, householdId, citizen.id);
    const isReceiver = current.some((receiver) => receiver.userId === userId);
    if (isReceiver === receivesAlarms) continue;
    const kept = current
      .filter((receiver) => receiver.userId !== userId)
      .map(({ kind, userId: user, contactPersonId, channels }) => ({
        kind,
        userId: user,
        contactPersonId,
        channels,
      }));
    const next = receivesAlarms ? [...kept, { kind: 'user' as const, userId, contactPersonId: null }] : kept;
    await replaceAlarmReceivers(db, householdId, citizen.id, next);
  }
}
