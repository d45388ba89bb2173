import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './database';

/** A migrated database that belongs to one test file; `drop()` removes every trace of it. */
export interface TestDatabase extends DatabaseHandle {
  /** The URL of the scratch PostgreSQL database, or undefined for in-memory PGlite. */
  url?: string;
  /** Closes the handle and, on PostgreSQL, drops the scratch database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite by default, or, when DATABASE_URL is set (as in CI),
 * a new uniquely named database on that server, so test files never see each other's rows.
 */
export async function createTestDatabase(
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
): Promise<TestDatabase> {
  if (!databaseUrl) {
    const handle = await createDatabase({ dataDir: '' }, { pgliteDataDir: 'memory://' });
    await handle.migrate();
    return { ...handle, drop: () => handle.close() };
  }

  const name = `hw_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(databaseUrl, `create database "${name}"`);
  const url = withDatabaseName(databaseUrl, name);
  let handle: DatabaseHandle;
  try {
    handle = await createDatabase({ databaseUrl: url, dataDir: '' });
    await handle.migrate();
  } catch (error) {
    await runAsAdmin(databaseUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await runAsAdmin(databaseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The same server and credentials, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAsAdmin(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
