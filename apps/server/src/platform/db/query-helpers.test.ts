import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from './database';
import { arrayOf, inList } from './query-helpers';
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

describe('arrayOf', () => {
  it('sends numbers, times, texts and nulls that unnest side by side into typed rows', async () => {
    const rows = await selectRows<{ n: number | null; at: Date | string | null; label: string | null }>(
      database.db,
      sql`select * from unnest(
            ${arrayOf([1.5, null, -0.000123, 2e-7], 'float8')},
            ${arrayOf(['2026-11-25T14:00:05.123Z', null, '2026-11-25T14:00:06.000Z', null], 'timestamptz')},
            ${arrayOf(['with "quotes"', 'NULL', null, 'back\\slash'], 'text')}) as v(n, at, label)`,
    );
    expect(
      rows.map((row) => ({ ...row, at: row.at === null ? null : new Date(row.at).toISOString() })),
    ).toEqual([
      { n: 1.5, at: '2026-11-25T14:00:05.123Z', label: 'with "quotes"' },
      { n: null, at: null, label: 'NULL' },
      { n: -0.000123, at: '2026-11-25T14:00:06.000Z', label: null },
      { n: 2e-7, at: null, label: 'back\\slash' },
    ]);
  });
});
