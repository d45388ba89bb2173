import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@homeward/tools/scratch-database';

/**
 * The database of a system test that runs its own server processes: a scratch database on the
 * PostgreSQL named by DATABASE_URL (as in CI), or else a PGlite folder that outlives a restart.
 * `query` reads it directly: PostgreSQL at any time, PGlite only while no server holds the folder.
 */
export interface SystemDatabase {
  /** The variables a server process needs to use it. */
  env: Record<string, string>;
  /** PGlite's folder (the server's DATA_DIR), when there is no PostgreSQL. */
  dataDir?: string;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createSystemDatabase(prefix: string): Promise<SystemDatabase> {
  if (process.env.DATABASE_URL) {
    const scratch: ScratchDatabase = await createScratchDatabase(process.env.DATABASE_URL, prefix);
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    return {
      env: { DATABASE_URL: scratch.url },
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      drop: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return {
    env: {},
    dataDir,
    query: async <T>(text: string, params: unknown[] = []) => {
      const database = new PGlite(path.join(dataDir, 'pglite'));
      try {
        return (await database.query<T>(text, params)).rows;
      } finally {
        await database.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
