import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, MIGRATIONS_FOLDER, type DatabaseHandle } from './database';

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
  await createFromMigratedTemplate(databaseUrl, name);
  const url = withDatabaseName(databaseUrl, name);
  let handle: DatabaseHandle;
  try {
    handle = await createDatabase({ databaseUrl: url, dataDir: '' });
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

// Any constant works; test files in parallel workers take it before they look for the template.
const TEMPLATE_LOCK_KEY = 7_311_906_422;

/**
 * Creates database `name` as a copy of a template migrated to the current migrations, made once per
 * set of migrations (copying takes a fifth of the time migrating takes). The template's name carries
 * a hash of the migration files, so a changed or added migration makes a new template; templates of
 * other migration sets are dropped when a new one is made. All of it under one advisory lock, so no
 * worker drops a template another is copying.
 */
async function createFromMigratedTemplate(databaseUrl: string, copyName: string): Promise<void> {
  const name = `hw_template_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const existing = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'hw\\_template\\_%'",
    );
    if (!existing.rows.some((row) => row.datname === name)) {
      await createTemplate(client, databaseUrl, name, existing.rows);
    }
    await client.query(`create database "${copyName}" template "${name}"`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

async function createTemplate(
  client: pg.Client,
  databaseUrl: string,
  name: string,
  others: { datname: string }[],
): Promise<void> {
  for (const { datname } of others) {
    await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
  await client.query(`create database "${name}"`);
  try {
    const handle = await createDatabase({ databaseUrl: withDatabaseName(databaseUrl, name), dataDir: '' });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await client.query(`drop database if exists "${name}" with (force)`);
    throw error;
  }
}

/** A short hash of every file in the migrations folder, names and contents. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(MIGRATIONS_FOLDER, file)).update('\0').update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
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
