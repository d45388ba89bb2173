import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';

/**
 * Runs `work` in the tenant scope of one user (`tenantId`, or the host for null), then restores the
 * request's scope. A user's own account is theirs whatever tenant filter a host user has set, and
 * an e-mail change link is opened by whoever holds it, as any tenant's user. It grants nothing
 * beyond that user's rows; row-level security checks every statement against that scope. Runs in a
 * savepoint, so on failure the scope change rolls back with the work.
 */
export async function inUserScope<T>(
  db: Database,
  tenantId: string | null,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [previous] = await selectRows<{ scope: string | null; tenant: string | null }>(
      tx,
      sql`select current_setting('app.tenant_scope', true) as scope, current_setting('app.tenant_id', true) as tenant`,
    );
    await tx.execute(
      sql`select set_config('app.tenant_scope', ${tenantId === null ? 'host' : 'tenant'}, true), set_config('app.tenant_id', ${tenantId ?? ''}, true)`,
    );
    const result = await work(tx);
    await tx.execute(
      sql`select set_config('app.tenant_scope', ${previous?.scope ?? ''}, true), set_config('app.tenant_id', ${previous?.tenant ?? ''}, true)`,
    );
    return result;
  });
}
