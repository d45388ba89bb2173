import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/database';

/**
 * Runs `work` with the transaction's scope switched to one tenant, then switches it back. For
 * host-only services that write a tenant's rows on its behalf (creating a tenant with its admin,
 * setting its features): row-level security then checks every row against that tenant, not the
 * host. It runs in a savepoint, so on failure the scope change rolls back with the work.
 */
export async function actAsTenant<T>(
  db: Database,
  tenantId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return inTenantScope(db, tenantId, work);
}

/**
 * Runs `work` with the transaction's scope switched to `tenantId` (the host for null), then restores
 * the scope it had. Row-level security checks every statement against that scope. It runs in a
 * savepoint, so on failure the scope change rolls back with the work.
 */
export async function inTenantScope<T>(
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
