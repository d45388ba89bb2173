import type { Database } from '../../platform/db/database';
import { inTenantScope } from '../../platform/tenancy/act-as-tenant';

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
  return inTenantScope(db, tenantId, work);
}
