import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@homeward/tools/scratch-database';
import { launchServer } from '@homeward/tools/server-process';

/**
 * The database a bench's server runs on: a scratch database on the PostgreSQL of DATABASE_URL, or
 * the server's embedded PGlite files in a temporary folder; `env` starts the server on it with the
 * demo data. `drop()` removes both.
 */
export interface BenchDatabase {
  scratch?: ScratchDatabase;
  dataDir: string;
  env: Record<string, string>;
  /** "PostgreSQL (DATABASE_URL, scratch database)" or "embedded PGlite", for the bench's first line. */
  label: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'hw_bench')
    : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'homeward-bench-'));
  return {
    scratch,
    dataDir,
    env: {
      LOG_LEVEL: 'error',
      DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    label: scratch ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite',
    drop: async () => {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrations and demo data first (a server started and stopped), then `seed` while no server holds
 * the database; returns the seconds the seed took.
 */
export async function seedWhileStopped(
  database: BenchDatabase,
  seed: (database: BenchDatabase) => Promise<void>,
): Promise<number> {
  await (await launchServer({ env: database.env })).stop();
  const started = performance.now();
  await seed(database);
  return (performance.now() - started) / 1000;
}

/**
 * Runs SQL as the owner, one statement at a time: on the scratch PostgreSQL database, or on the
 * server's PGlite files.
 */
export async function runSql(database: BenchDatabase, statements: string[]): Promise<void> {
  if (database.scratch) {
    const client = new pg.Client({ connectionString: database.scratch.url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  } else {
    const client = await PGlite.create(path.join(database.dataDir, 'pglite'));
    try {
      for (const statement of statements) await client.exec(statement);
    } finally {
      await client.close();
    }
  }
}
