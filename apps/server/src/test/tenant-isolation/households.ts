import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashLinkToken } from '../../platform/auth/link-tokens';
import {
  complete,
  confirmationTokenSentTo,
  register,
  registeredHousehold,
  registrationBody,
} from '../../modules/registration/registration-test-helpers';
import { invitations, users } from '../../modules/users/users.schema';
import type { TestApp } from '../build-test-app';

/** A household member (owner or invited) who can sign in. */
export interface HouseholdPerson {
  id: string;
  tenantId: string;
  userName: string;
  password: string;
}

export interface IsolationHousehold {
  id: string;
  owner: HouseholdPerson;
  member: HouseholdPerson;
}

/**
 * A household as people make one: the owner registers and confirms, invites a member (the
 * invitation row is written as the members' screen will write it), and the member registers with
 * the invitation and confirms.
 */
export async function householdWithMember(t: TestApp): Promise<IsolationHousehold> {
  const owner = await registeredHousehold(t);
  const token = `invite-${randomBytes(8).toString('hex')}`;
  const body = registrationBody();
  await t.database.db.insert(invitations).values({
    tenantId: owner.householdId,
    inviterUserId: owner.userId,
    email: body.email,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const registered = await register(t, { ...body, invitationToken: token });
  if (registered.statusCode !== 201) throw new Error(`member registration refused: ${registered.body}`);
  await complete(t, await confirmationTokenSentTo(t.database.db, body.email));
  const memberId = registered.json().userId as string;
  const [member] = await t.database.db.select().from(users).where(eq(users.id, memberId));
  if (member?.tenantId !== owner.householdId) throw new Error('the member did not join the household');
  return {
    id: owner.householdId,
    owner: {
      id: owner.userId,
      tenantId: owner.householdId,
      userName: owner.userName,
      password: owner.password,
    },
    member: { id: memberId, tenantId: owner.householdId, userName: body.userName, password: body.password },
  };
}
