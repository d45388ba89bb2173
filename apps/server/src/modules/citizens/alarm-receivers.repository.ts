import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AlarmChannel } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern } from '../../platform/db/query-helpers';
import { contactPeople } from '../contact-people/contact-people.schema';
import { customers } from '../customers/customers.schema';
import { users } from '../users/users.schema';
import { citizenAlarmReceivers } from './citizens.schema';

/** Queries of a citizen's alarm receivers and of the people who can be one. */

/** The ids among `ids` that are users of the tenant. */
export async function findUserIds(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inTenant(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` that are contact people of the tenant. */
export async function findContactPersonIds(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: contactPeople.id })
    .from(contactPeople)
    .where(and(inTenant(contactPeople.tenantId, tenantId), inArray(contactPeople.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The phone and e-mail of users and contact people of the tenant, by id (empty when none). */
export async function findReceiverAddresses(
  db: Database,
  tenantId: string | null,
  userIds: string[],
  contactIds: string[],
): Promise<Map<string, { phone: string; email: string }>> {
  const found = new Map<string, { phone: string; email: string }>();
  if (userIds.length > 0) {
    const rows = await db
      .select({ id: users.id, phone: users.phoneNumber, email: users.email })
      .from(users)
      .where(and(inTenant(users.tenantId, tenantId), inArray(users.id, userIds)));
    for (const row of rows) found.set(row.id, { phone: row.phone ?? '', email: row.email ?? '' });
  }
  if (contactIds.length > 0) {
    const rows = await db
      .select({ id: contactPeople.id, phone: contactPeople.phone, email: contactPeople.email })
      .from(contactPeople)
      .where(and(inTenant(contactPeople.tenantId, tenantId), inArray(contactPeople.id, contactIds)));
    for (const row of rows) found.set(row.id, { phone: row.phone ?? '', email: row.email ?? '' });
  }
  return found;
}

export interface AlarmReceiverValues {
  kind: 'user' | 'contactPerson';
  userId: string | null;
  contactPersonId: string | null;
  /** Omitted: every channel the kind allows (an alarm skips those without an address). */
  channels?: AlarmChannel[];
}

/** The channels of a receiver that chose none explicitly. */
export function defaultChannels(kind: AlarmReceiverValues['kind']): AlarmChannel[] {
  return kind === 'user' ? ['push', 'sms', 'email'] : ['sms', 'email'];
}

/** Replaces the receivers with `receivers` in that order (position 1 is alerted first). */
export async function replaceAlarmReceivers(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  receivers: AlarmReceiverValues[],
): Promise<void> {
  await db
    .delete(citizenAlarmReceivers)
    .where(
      and(inTenant(citizenAlarmReceivers.tenantId, tenantId), eq(citizenAlarmReceivers.citizenId, citizenId)),
    );
  if (receivers.length === 0) return;
  await db.insert(citizenAlarmReceivers).values(
    receivers.map((receiver, index) => ({
      tenantId,
      citizenId,
      position: index + 1,
      ...receiver,
      channels: receiver.channels ?? defaultChannels(receiver.kind),
    })),
  );
}

/**
 * A new citizen of a household gets the household's members who receive its alarms (the members'
 * screen switch, `users.receives_household_alarms`) as receivers, oldest member first. No user of
 * an organization has the flag, so there it adds nothing.
 */
export async function addHouseholdAlarmReceivers(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<void> {
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inTenant(users.tenantId, tenantId), eq(users.receivesHouseholdAlarms, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
  const current = await findAlarmReceivers(db, tenantId, citizenId);
  const missing = members.filter((member) => !current.some((receiver) => receiver.userId === member.id));
  if (missing.length === 0) return;
  const last = current.reduce((max, receiver) => Math.max(max, receiver.position), 0);
  await db.insert(citizenAlarmReceivers).values(
    missing.map((member, index) => ({
      tenantId,
      citizenId,
      position: last + index + 1,
      kind: 'user' as const,
      userId: member.id,
      contactPersonId: null,
      channels: defaultChannels('user'),
    })),
  );
}

/** The receivers in escalation order, with the name, phone and e-mail of the user or contact. */
export async function findAlarmReceivers(db: Database, tenantId: string | null, citizenId: string) {
  return db
    .select({
      id: citizenAlarmReceivers.id,
      position: citizenAlarmReceivers.position,
      kind: citizenAlarmReceivers.kind,
      userId: citizenAlarmReceivers.userId,
      contactPersonId: citizenAlarmReceivers.contactPersonId,
      channels: citizenAlarmReceivers.channels,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName}, ${contactPeople.firstName} || ' ' || ${contactPeople.lastName}, '')`,
      phone: sql<string>`coalesce(${users.phoneNumber}, ${contactPeople.phone}, '')`,
      email: sql<string>`coalesce(${users.email}, ${contactPeople.email}, '')`,
    })
    .from(citizenAlarmReceivers)
    .leftJoin(users, eq(users.id, citizenAlarmReceivers.userId))
    .leftJoin(contactPeople, eq(contactPeople.id, citizenAlarmReceivers.contactPersonId))
    .where(
      and(inTenant(citizenAlarmReceivers.tenantId, tenantId), eq(citizenAlarmReceivers.citizenId, citizenId)),
    )
    .orderBy(asc(citizenAlarmReceivers.position));
}

/** Users (active) and contact people of the tenant matching a text, at most `limit` of each. */
export async function findAlarmReceiverCandidates(
  db: Database,
  tenantId: string | null,
  filter: string | undefined,
  limit: number,
) {
  const pattern = filter ? likePattern(filter) : undefined;
  const userRows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName})`,
      email: users.email,
      phone: sql<string>`coalesce(${users.phoneNumber}, '')`,
    })
    .from(users)
    .where(
      and(
        inTenant(users.tenantId, tenantId),
        eq(users.isActive, true),
        pattern
          ? or(ilike(users.name, pattern), ilike(users.userName, pattern), ilike(users.email, pattern))
          : undefined,
      ),
    )
    .orderBy(sql`lower(coalesce(nullif(${users.name}, ''), ${users.userName}))`, users.id)
    .limit(limit);
  const contactRows = await db
    .select({
      id: contactPeople.id,
      name: sql<string>`${contactPeople.firstName} || ' ' || ${contactPeople.lastName}`,
      email: contactPeople.email,
      phone: contactPeople.phone,
      customerName: customers.name,
    })
    .from(contactPeople)
    .innerJoin(customers, eq(customers.id, contactPeople.customerId))
    .where(
      and(
        inTenant(contactPeople.tenantId, tenantId),
        pattern
          ? or(
              ilike(sql`${contactPeople.firstName} || ' ' || ${contactPeople.lastName}`, pattern),
              ilike(contactPeople.email, pattern),
              ilike(contactPeople.phone, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(sql`lower(${contactPeople.lastName})`, sql`lower(${contactPeople.firstName})`, contactPeople.id)
    .limit(limit);
  return { userRows, contactRows };
}
