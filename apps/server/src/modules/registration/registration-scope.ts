import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';

/**
 * Runs `work` in the host's tenant scope, then restores the request's scope. Registrations are host
 * users, and confirming one, sending its e-mail again or reading an invitation is addressed by a
 * secret token or an e-mail address, not by who is signed in: a person who opens the confirmation
 * link in a browser where a tenant user is signed in (the web app then sends that user's token)
 * must get what an anonymous visitor gets, not "invalid link" because row-level security hid the
 * host's rows from the tenant's scope. It grants nothing more than dropping the token would. Runs
 * in a savepoint, so on failure the scope change rolls back with the work.
 */
export async function inHostScope<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [previous] = await selectRows<{ scope: string | null; tenant: string | null }>(
      tx,
      sql`select current_setting('app.tenant_scope', true) as scope, current_setting('app.tenant_id', true) as tenant`,
    );
    await tx.execute(
      sql`select set_config('app.tenant_scope', 'host', true), set_config('app.tenant_id', '', true)`,
    );
    const result = await work(tx);
    await tx.execute(
      sql`select set_config('app.tenant_scope', ${previous?.scope ?? ''}, true), set_config('app.tenant_id', ${previous?.tenant ?? ''}, true)`,
    );
    return result;
  });
}
