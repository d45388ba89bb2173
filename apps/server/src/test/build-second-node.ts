import type { AppDependencies } from '../app';
import { createDatabase, type DatabaseHandle } from '../platform/db/database';
import type { TestDatabase } from '../platform/db/test-database';
import { startTestNode, type TestApp } from './build-test-app';

/**
 * A second API node over the database of `first`, as a second process of a deployment would be:
 * the same configuration and stored keys, its own HTTP app, MQTT handle and, on PostgreSQL, its own
 * connection pool and LISTEN connection. Under PGlite (in-process) it shares the one database
 * handle, whose notifications reach every listener of the process. `close()` closes this node
 * only; the database stays `first`'s.
 */
export async function buildSecondNode(
  first: TestApp,
  dependencies: Pick<AppDependencies, 'onTokenRevocationHeard'> = {},
): Promise<TestApp> {
  const own: DatabaseHandle | undefined = first.database.url
    ? await createDatabase({ databaseUrl: first.database.url, dataDir: '' })
    : undefined;
  const handle = own ?? first.database;
  const database: TestDatabase = { ...handle, url: first.database.url, drop: async () => undefined };
  return startTestNode(first.config, database, async () => await own?.close(), dependencies);
}
