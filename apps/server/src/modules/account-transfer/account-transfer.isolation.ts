import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { accountTransfers } from './account-transfer.schema';

/**
 * A household's pending transfer. Households only (an organization has no owner to transfer from),
 * so this case runs in the household suites. The row is written as step 1 writes it, from the
 * household's owner to the caller (or, when the caller is the owner, to a member); both sides see
 * it on `GET /api/account/transfer-user`, the other household never. Accepting another household's
 * link is refused by the signed-in user's id (account-transfer.routes.test.ts).
 */
export const accountTransferIsolationCase: IsolationCase = {
  name: 'account transfer',
  tables: ['account_transfers'],
  permissions: [],
  async seed({ t, a }) {
    const db = t.database.db;
    const [household] = await db
      .select({ ownerUserId: tenants.ownerUserId })
      .from(tenants)
      .where(eq(tenants.id, a.tenantId));
    const ownerUserId = household?.ownerUserId;
    if (!ownerUserId) throw new Error('seed: the tenant is not an owned household');
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, a.tenantId), ne(users.id, ownerUserId)))
      .orderBy(asc(users.createdAt));
    const toUserId = a.userId === ownerUserId ? member?.id : a.userId;
    if (!toUserId) throw new Error('seed: the household has no member');
    await db.insert(accountTransfers).values({
      tenantId: a.tenantId,
      fromUserId: ownerUserId,
      toUserId,
      tokenHash: randomBytes(16).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { id: toUserId, searchText: toUserId };
  },
  list: '/api/account/transfer-user',
};
