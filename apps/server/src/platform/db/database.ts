import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config/config';
import { maskUrlPassword } from '../config/config';

/** Generated SQL migrations, committed beside the server (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * The drizzle database both drivers produce; services and repositories use only this type. It
 * knows no tables: queries name the tables of the modules' `*.schema.ts` (no relational `db.query`),
 * so platform needs no feature's schema (the aggregate is src/schema.ts, for drizzle-kit).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Applies pending migrations; running it again changes nothing. */
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (delivered after the notifying transaction
   * commits, from any process sharing the database). Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The database named by DATABASE_URL could not be reached; worded as the one start-up line. */
export class DatabaseConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseConnectError';
  }
}

export interface DatabaseOptions {
  /** PGlite data folder, or `memory://` for tests. Defaults to DATA_DIR/pglite. */
  pgliteDataDir?: string;
}

const PING_TIMEOUT_MS = 3000;
// Any constant works; it only has to be the same for every node that migrates this database.
const MIGRATION_LOCK_KEY = 7_414_523_001;

/**
 * Opens the database: PostgreSQL through a pool when DATABASE_URL is set, otherwise embedded PGlite.
 * For PostgreSQL it connects once before returning, so a wrong URL fails start-up right away.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl)
    : createPgliteDatabase(options.pgliteDataDir ?? path.join(config.dataDir, 'pglite'));
}

async function createPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: () => withTimeout(client.query('select 1').then(() => undefined)),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: async (channel, onPayload) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: () => client.close(),
  };
}

async function createPostgresDatabase(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (a restarted server) must not crash the process; the pool
  // drops it and the next query reconnects, and health reports the outage meanwhile.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectError(
      `Cannot connect to DATABASE_URL (${maskUrlPassword(url)}): ${reasonOf(error)}`,
    );
  }
  const db = drizzleNodePg({ client: pool });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: () => withTimeout(pool.query('select 1').then(() => undefined)),
    migrate: () => migratePostgres(pool),
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * Runs migrations on one pooled connection holding an advisory lock, so API nodes starting together
 * do not apply the same migration twice.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). When the connection
 * drops it reconnects after a second; notifications sent meanwhile are lost, so listeners treat
 * them as hints and the database as the truth (the SPA refetches after reconnecting).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleReconnect);
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const onLost = () => {
      if (client === next) scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** A short reason: the error code (ECONNREFUSED, 28P01, 3D000) when there is one, plus its text. */
function reasonOf(error: unknown): string {
  const failure = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  if (failure instanceof Error) {
    const code = (failure as { code?: string }).code;
    if (code && failure.message && !failure.message.includes(code)) return `${code} ${failure.message}`;
    return failure.message || code || failure.name;
  }
  return String(failure);
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Rows of a raw SQL query. Both drivers answer `execute` with `{ rows }`, but the type shared by the
 * two drivers cannot say so; repositories should prefer the typed query builder.
 */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
