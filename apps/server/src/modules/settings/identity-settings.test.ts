import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given } from '../../test/given';
import { DEFAULT_IDENTITY_SETTINGS, getIdentitySettings, IDENTITY_SETTING_NAMES } from './identity-settings';
import { settings } from './settings.schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('identity settings', () => {
  it('uses the defaults of the issue when nothing is set: 10 to 100 characters, 5 failures, 5 minutes', async () => {
    expect(await getIdentitySettings(database.db, null)).toEqual(DEFAULT_IDENTITY_SETTINGS);
    expect(DEFAULT_IDENTITY_SETTINGS).toEqual({
      passwordPolicy: { minLength: 10, maxLength: 100 },
      lockoutMaxFailedAttempts: 5,
      lockoutDurationMinutes: 5,
      requireConfirmedEmail: true,
    });
  });

  it('reads the character classes and confirmed e-mail rule, ignoring text that is not a boolean', async () => {
    const tenant = await given(database.db).tenant();
    await database.db.insert(settings).values([
      {
        name: IDENTITY_SETTING_NAMES.requireDigit,
        value: 'false',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      },
      {
        name: IDENTITY_SETTING_NAMES.requireConfirmedEmail,
        value: 'false',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      },
      {
        name: IDENTITY_SETTING_NAMES.requireUppercase,
        value: 'nope',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      },
    ]);
    const read = await getIdentitySettings(database.db, tenant.id);
    expect(read.passwordPolicy.requireDigit).toBe(false);
    expect(read.passwordPolicy).toEqual({ minLength: 10, maxLength: 100, requireDigit: false });
    expect(read.requireConfirmedEmail).toBe(false);
    expect((await getIdentitySettings(database.db, null)).passwordPolicy.requireDigit).toBeUndefined();
  });

  it('lets a tenant value win over the global one, for that tenant only', async () => {
    const tenant = await given(database.db).tenant();
    const other = await given(database.db).tenant();
    await database.db.insert(settings).values([
      { name: IDENTITY_SETTING_NAMES.lockoutMaxFailedAttempts, value: '7', providerName: 'G' },
      {
        name: IDENTITY_SETTING_NAMES.lockoutMaxFailedAttempts,
        value: '3',
        providerName: 'T',
        providerKey: tenant.id,
      },
      { name: IDENTITY_SETTING_NAMES.passwordMinLength, value: 'not a number', providerName: 'G' },
    ]);
    expect((await getIdentitySettings(database.db, tenant.id)).lockoutMaxFailedAttempts).toBe(3);
    expect((await getIdentitySettings(database.db, other.id)).lockoutMaxFailedAttempts).toBe(7);
    expect((await getIdentitySettings(database.db, null)).lockoutMaxFailedAttempts).toBe(7);
    expect((await getIdentitySettings(database.db, null)).passwordPolicy.minLength).toBe(10);
  });
});
