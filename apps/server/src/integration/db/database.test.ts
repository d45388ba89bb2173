import { readdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../modules/settings/settings.schema';
import { outbox } from '../../platform/outbox/outbox.schema';
import {
  createDatabase,
  DatabaseConnectError,
  MIGRATIONS_FOLDER,
  selectRows,
} from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { timestampOfUuidv7 } from '../../platform/db/uuid-v7';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('database', () => {
  it('uses PostgreSQL when DATABASE_URL is set and PGlite otherwise', async () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('runs migrations again without changing anything', async () => {
    await database.migrate();
    await database.migrate();
    const tables = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['outbox', 'settings', 'tenants', 'users', 'roles', 'oidc_payloads']),
    );
    // The migrator records each migration once, however often it runs.
    const applied = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]!.count).toBe(
      readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql')).length,
    );
  });

  it('stores settings with uuid v7 ids and UTC timestamps', async () => {
    const before = Date.now();
    const [row] = await database.db
      .insert(settings)
      .values({ name: 'App.Theme', value: 'dark', providerName: 'G' })
      .returning();
    expect(row!.id).toMatch(/^[0-9a-f-]{14}7/);
    expect(timestampOfUuidv7(row!.id).getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row!.createdAt).toBeInstanceOf(Date);
    const [zone] = await selectRows<{ type: string }>(
      database.db,
      sql`select data_type as type from information_schema.columns where table_name = 'settings' and column_name = 'created_at'`,
    );
    expect(zone!.type).toBe('timestamp with time zone');
  });

  it('keeps one value per setting name and provider, even without a provider key', async () => {
    await database.db.insert(settings).values({ name: 'App.Unique', value: 'a', providerName: 'G' });
    await expect(
      database.db.insert(settings).values({ name: 'App.Unique', value: 'b', providerName: 'G' }),
    ).rejects.toThrow();
    const tenantId = '01890000-0000-7000-8000-000000000001';
    await database.db
      .insert(settings)
      .values({ name: 'App.Unique', value: 'c', providerName: 'T', providerKey: tenantId, tenantId });
    const rows = await database.db.select().from(settings).where(eq(settings.name, 'App.Unique'));
    expect(rows.map((row) => row.value).sort()).toEqual(['a', 'c']);
  });

  it('accepts only known outbox channels and starts messages as pending', async () => {
    const [message] = await database.db
      .insert(outbox)
      .values({ channel: 'email', recipient: 'a@b.dk', subject: 'Hi', body: 'Hello' })
      .returning();
    expect(message).toMatchObject({ status: 'pending', attempts: 0, sentAt: null, tenantId: null });
    await expect(
      database.db.execute(
        sql`insert into outbox (id, channel, recipient, body) values (gen_random_uuid(), 'fax', 'x', 'y')`,
      ),
    ).rejects.toThrow();
  });
});

describe('an unreachable DATABASE_URL', () => {
  it('fails with one line naming DATABASE_URL and hiding the password', async () => {
    const attempt = createDatabase({ databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/x', dataDir: '' });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseConnectError);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^Cannot connect to DATABASE_URL \(postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x\): .*ECONNREFUSED/,
    );
    expect(error.message).not.toContain('secret');
    expect(error.message).not.toContain('\n');
  });
});
