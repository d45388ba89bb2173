import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given } from '../../test/given';
import { globalSettingValue, readGlobalSetting } from './global-settings.repository';
import { settings } from './settings.schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('global settings', () => {
  it("reads the host's (G) value only, never a tenant's or a user's of the same name", async () => {
    const tenant = await given(database.db).tenant();
    const user = await given(database.db).user({ tenantId: tenant.id });
    await database.db.insert(settings).values([
      { name: 'Test.Global', value: 'host', providerName: 'G' },
      {
        name: 'Test.Global',
        value: 'tenant',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      },
      { name: 'Test.Global', value: 'user', providerName: 'U', providerKey: user.id, tenantId: tenant.id },
      {
        name: 'Test.TenantOnly',
        value: 'tenant',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      },
    ]);

    expect(await readGlobalSetting(database.db, 'Test.Global')).toBe('host');
    expect(await readGlobalSetting(database.db, 'Test.TenantOnly')).toBeUndefined();
    expect(await readGlobalSetting(database.db, 'Test.Missing')).toBeUndefined();
  });

  it('gives the same value as a subquery inside another statement', async () => {
    await database.db.insert(settings).values({ name: 'Test.Subquery', value: '7', providerName: 'G' });
    const [row] = await selectRows<{ stored: string | null; missing: string | null }>(
      database.db,
      sql`select ${globalSettingValue('Test.Subquery')} as stored, ${globalSettingValue('Test.None')} as missing`,
    );
    expect(row).toEqual({ stored: '7', missing: null });
  });
});
