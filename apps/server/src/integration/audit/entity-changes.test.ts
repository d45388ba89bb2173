import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { given } from '../../test/given';
import { users } from '../../modules/users/users.schema';
import { userRoles } from '../../modules/roles/roles.schema';
import { settings } from '../../modules/settings/settings.schema';
import { entityChanges, type PropertyChange } from '../../platform/audit/audit-log.schema';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

async function changesOf(entityType: string, entityId: string) {
  return db
    .select()
    .from(entityChanges)
    .where(and(eq(entityChanges.entityType, entityType), eq(entityChanges.entityId, entityId)))
    .orderBy(entityChanges.changeTime, entityChanges.id);
}

const property = (changes: PropertyChange[], name: string) => changes.find((c) => c.propertyName === name);

describe('entity changes recorded by triggers', () => {
  it('links insert, update and delete to the request that set app.request_id, masking secrets', async () => {
    const tenant = await given(db).tenant();
    const user = await given(db).user({ tenantId: tenant.id, userName: 'before.name' });
    const requestId = uuidv7();

    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.request_id', ${requestId}, true)`);
      await tx
        .update(users)
        .set({ userName: 'after.name', passwordHash: 'new-hash', totpSecret: 'ABCDEF' })
        .where(eq(users.id, user.id));
    });

    const [created, updated] = await changesOf('users', user.id);
    expect(created).toMatchObject({ changeType: 'created', tenantId: tenant.id, auditLogId: null });
    expect(property(created!.propertyChanges, 'user_name')).toEqual({
      propertyName: 'user_name',
      originalValue: null,
      newValue: 'before.name',
    });
    expect(property(created!.propertyChanges, 'password_hash')?.newValue).toBe('***');

    expect(updated).toMatchObject({ changeType: 'updated', tenantId: tenant.id, auditLogId: requestId });
    const names = updated!.propertyChanges.map((c) => c.propertyName).sort();
    expect(names).toEqual(['password_hash', 'totp_secret', 'user_name']);
    expect(property(updated!.propertyChanges, 'user_name')).toMatchObject({
      originalValue: 'before.name',
      newValue: 'after.name',
    });
    expect(property(updated!.propertyChanges, 'password_hash')).toMatchObject({
      originalValue: '***',
      newValue: '***',
    });
    // It had no value before: null stays null, only the set value is masked.
    expect(property(updated!.propertyChanges, 'totp_secret')).toMatchObject({
      originalValue: null,
      newValue: '***',
    });
    expect(JSON.stringify(updated!.propertyChanges)).not.toContain('ABCDEF');

    const deleteId = uuidv7();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.request_id', ${deleteId}, true)`);
      await tx.delete(users).where(eq(users.id, user.id));
    });
    const deleted = (await changesOf('users', user.id)).find((c) => c.changeType === 'deleted');
    expect(deleted).toMatchObject({ auditLogId: deleteId, tenantId: tenant.id });
    expect(property(deleted!.propertyChanges, 'user_name')).toMatchObject({
      originalValue: 'after.name',
      newValue: null,
    });
  });

  it('records nothing for an update that changes no value', async () => {
    const user = await given(db).user();
    await db.update(users).set({ userName: user.userName }).where(eq(users.id, user.id));
    const changes = await changesOf('users', user.id);
    expect(changes.map((c) => c.changeType)).toEqual(['created']);
  });

  it('names a row with a composite key by its key columns joined with a colon', async () => {
    const tenant = await given(db).tenant();
    const role = await given(db).role({ tenantId: tenant.id });
    const user = await given(db).user({ tenantId: tenant.id });
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id, tenantId: tenant.id });
    const [change] = await changesOf('user_roles', `${user.id}:${role.id}`);
    expect(change).toMatchObject({ changeType: 'created', tenantId: tenant.id });
  });

  it('redacts any column listed in audit_redacted_columns, on every audited table', async () => {
    await db.execute(sql`insert into audit_redacted_columns (column_name) values ('email')
      on conflict do nothing`);
    try {
      const user = await given(db).user({ email: 'hidden@example.com' });
      const [created] = await changesOf('users', user.id);
      expect(property(created!.propertyChanges, 'email')?.newValue).toBe('***');
    } finally {
      await db.execute(sql`delete from audit_redacted_columns where column_name = 'email'`);
    }
  });

  it('masks the value of a secret setting, and only of a secret one', async () => {
    await db.insert(settings).values([
      { name: 'Smtp.Password', value: 'hunter2', providerName: 'G' },
      { name: 'Smtp.Host', value: 'mail.example.com', providerName: 'G' },
    ]);
    const rows = await db.select().from(settings);
    const valueOf = async (name: string) => {
      const row = rows.find((setting) => setting.name === name)!;
      const [created] = await changesOf('settings', row.id);
      return property(created!.propertyChanges, 'value')?.newValue;
    };
    expect(await valueOf('Smtp.Password')).toBe('***');
    expect(await valueOf('Smtp.Host')).toBe('mail.example.com');
  });

  it('lets another feature enable recording on its own table', async () => {
    await db.execute(sql`create table audit_probe (id uuid primary key, tenant_id uuid, secret text)`);
    await db.execute(sql`select homeward_enable_entity_changes('audit_probe')`);
    // Idempotent: enabling twice keeps one trigger.
    await db.execute(sql`select homeward_enable_entity_changes('audit_probe')`);
    const id = uuidv7();
    await db.execute(sql`insert into audit_probe (id, secret) values (${id}, 'plain')`);
    const changes = await changesOf('audit_probe', id);
    expect(changes).toHaveLength(1);
    expect(property(changes[0]!.propertyChanges, 'secret')?.newValue).toBe('***');
  });
});
