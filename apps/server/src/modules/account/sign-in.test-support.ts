import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import type { GivenUser } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { users } from '../users/users.schema';
import { createSignInService, type SignInContext } from './sign-in.service';

/**
 * The sign-in service's test bench, shared by its test files: a fresh database per file, a clock the
 * test sets, and a client address per test (the address throttle counts across users, so no test
 * may inherit another's failures). Registers its hooks in the calling file.
 */
export function signInTestBench() {
  let addresses = 0;
  const state = {
    database: undefined as unknown as TestDatabase,
    clock: new Date(),
    context: undefined as unknown as SignInContext,
  };
  const service = () => createSignInService({ db: state.database.db, now: () => state.clock });
  /** A context from an address no other test used. */
  const fromNewAddress = (): SignInContext => ({
    clientId: 'branded',
    ip: `203.0.113.${++addresses}`,
    userAgent: 'TestBrowser/1.0',
  });
  const logsOf = (userId: string) =>
    state.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.userId, userId))
      .orderBy(securityLogs.id);
  const actionsOf = async (userId: string) => (await logsOf(userId)).map((row) => row.action);
  const userRow = async (userId: string) =>
    (await state.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
  /** `times` wrong passwords for `user`; their outcomes. */
  const failTimes = async (user: GivenUser, times: number, from = state.context) => {
    const outcomes = [];
    for (let i = 0; i < times; i++) {
      outcomes.push((await service().verifyPassword(user.userName, 'Wrong-Password1', from)).outcome);
    }
    return outcomes;
  };
  beforeEach(() => {
    state.context = fromNewAddress();
  });
  beforeAll(async () => {
    state.database = await createTestDatabase();
  });
  afterAll(async () => {
    await state.database.drop();
  });
  return Object.assign(state, { service, fromNewAddress, logsOf, actionsOf, userRow, failTimes });
}
