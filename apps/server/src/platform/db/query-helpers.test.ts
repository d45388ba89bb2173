import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from './database';
import { inList } from './query-helpers';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  await database.db.execute(sql`create table list_probe (value text not null)`);
  await database.db.execute(sql`create table uuid_probe (id uuid not null)`);
});
afterAll(async () => {
  await database?.drop();
});

const probe = pgTable('list_probe', { value: text('value').notNull() });
const uuidProbe = pgTable('uuid_probe', { id: uuid('id').notNull() });

describe('inList', () => {
  it('matches exactly the listed texts, whatever characters they hold', async () => {
    const awkward = [
      'plain',
      'with,comma',
      'with "quotes"',
      'back\\slash',
      '{braces}',
      'NULL',
      ' spaced ',
      'æøå',
    ];
    const others = ['plainer', 'with', 'comma', 'null', 'spaced'];
    await database.db.insert(probe).values([...awkward, ...others].map((value) => ({ value })));
    const rows = await selectRows<{ value: string }>(
      database.db,
      sql`select value from list_probe where ${inList(probe.value, awkward, 'text')} order by value`,
    );
    expect(rows.map((row) => row.value).sort()).toEqual([...awkward].sort());
  });

  it('matches uuids, and nothing for an empty list', async () => {
    const [first, second] = ['0190f0a0-0000-7000-8000-000000000001', '0190f0a0-0000-7000-8000-000000000002'];
    await database.db.insert(uuidProbe).values([{ id: first! }, { id: second! }]);
    const rows = await selectRows<{ id: string }>(
      database.db,
      sql`select id from uuid_probe where ${inList(uuidProbe.id, [second!])}`,
    );
    expect(rows).toEqual([{ id: second }]);
    const none = await selectRows(
      database.db,
      sql`select id from uuid_probe where ${inList(uuidProbe.id, [])}`,
    );
    expect(none).toEqual([]);
  });
});
