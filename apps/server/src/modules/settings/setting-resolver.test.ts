import type { SettingDefinition } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given } from '../../test/given';
import { resolveSettings } from './setting-resolver';
import { settings } from './settings.schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const definition = (name: string, providers: SettingDefinition['providers']): SettingDefinition => ({
  name,
  group: 'account',
  type: 'string',
  defaultValue: 'default',
  isVisibleToClients: false,
  providers,
});

describe('resolveSettings', () => {
  it('resolves default → host → tenant → user, each only where the definition allows it', async () => {
    const tenant = await given(database.db).tenant();
    const user = await given(database.db).user({ tenantId: tenant.id });
    const everywhere = definition('Test.Everywhere', ['G', 'T', 'U']);
    const hostOnly = definition('Test.HostOnly', ['G']);
    const untouched = definition('Test.Untouched', ['G', 'T', 'U']);
    const row = (name: string, value: string, providerName: 'G' | 'T' | 'U', key: string | null) => ({
      name,
      value,
      providerName,
      providerKey: key,
      tenantId: providerName === 'G' ? null : tenant.id,
    });
    await database.db
      .insert(settings)
      .values([
        row(everywhere.name, 'host', 'G', null),
        row(everywhere.name, 'tenant', 'T', tenant.id),
        row(everywhere.name, 'user', 'U', user.id),
        row(hostOnly.name, 'host', 'G', null),
        row(hostOnly.name, 'stray tenant value', 'T', tenant.id),
      ]);
    const all = [everywhere, hostOnly, untouched];
    const valueOf = async (scope: { tenantId: string | null; userId: string | null }) =>
      Object.fromEntries(
        [...(await resolveSettings(database.db, all, scope))].map(([name, s]) => [
          name,
          `${s.value}@${s.source}`,
        ]),
      );

    expect(await valueOf({ tenantId: tenant.id, userId: user.id })).toEqual({
      'Test.Everywhere': 'user@U',
      'Test.HostOnly': 'host@G',
      'Test.Untouched': 'default@default',
    });
    expect((await valueOf({ tenantId: tenant.id, userId: null }))['Test.Everywhere']).toBe('tenant@T');
    expect((await valueOf({ tenantId: null, userId: null }))['Test.Everywhere']).toBe('host@G');
    const other = await given(database.db).tenant();
    expect((await valueOf({ tenantId: other.id, userId: null }))['Test.Everywhere']).toBe('host@G');
  });
});
