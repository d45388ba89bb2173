import pg from 'pg';

/**
 * A throw-away PostgreSQL database on the server named by `baseUrl`, for e2e runs and benchmarks
 * that must not share state with each other or with a developer's data.
 */
export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'hw_scratch',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
