import { randomUUID } from 'node:crypto';
import { ALL_TENANTS_ID, TENANT_FILTER_HEADER } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../modules/devices/devices.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenTenant } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { selectRows, type Database } from '../../platform/db/database';

let t: TestApp;
let tenantA: GivenTenant;
let tenantB: GivenTenant;
let userB: TestTokens;
let hostAdmin: TestTokens;

const IMEI_A = '490154203237518';
const IMEI_B = '356938035643809';

beforeAll(async () => {
  t = await buildTestApp();
  // A route with no tenant filter at all: only row-level security stands between tenants.
  t.app.get('/api/test/unscoped-devices', { config: { permission: 'authenticated' } }, async (request) =>
    selectRows<{ imei: string }>(request.db!, sql`select imei from devices order by imei`),
  );
  const g = given(t.database.db);
  [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const all = ['Homeward.Devices', 'Homeward.Devices.Create'];
  await g.user({ tenantId: tenantA.id, permissions: all });
  const b = await g.user({ tenantId: tenantB.id, permissions: all });
  const host = await g.user({ permissions: [...all, 'Homeward.Tenants', 'Homeward.Tenants.Filter'] });
  await t.database.db.insert(devices).values([
    { tenantId: tenantA.id, name: 'A', imei: IMEI_A },
    { tenantId: tenantB.id, name: 'B', imei: IMEI_B },
  ]);
  [userB, hostAdmin] = [await signIn(t, b), await signIn(t, host)];
});
afterAll(async () => {
  await t.close();
});

/** Runs `work` as an API request would: request role, scoped to one tenant, in one transaction. */
function asTenant<T>(tenantId: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_scope', 'tenant', true), set_config('app.tenant_id', ${tenantId}, true)`,
    );
    await tx.execute(sql.raw('set local role homeward_app'));
    return work(tx);
  });
}

describe('row-level security', () => {
  it('is enabled and forced, with both policies, on every table that has a tenant_id', async () => {
    const tables = await selectRows<{
      table_name: string;
      enabled: boolean;
      forced: boolean;
      policies: string[];
    }>(
      t.database.db,
      sql`select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            coalesce((select array_agg(p.policyname::text order by p.policyname) from pg_policies p
                      where p.schemaname = 'public' and p.tablename = c.relname), '{}') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from information_schema.columns col
                        where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'tenant_id')
          order by c.relname`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(18);
    for (const table of tables) {
      expect(table, table.table_name).toMatchObject({
        enabled: true,
        forced: true,
        policies: ['homeward_all_tenants', 'homeward_tenant_isolation'],
      });
    }
  });

  it('hides tenant A’s rows from tenant B and rejects inserting with A’s id (direct SQL)', async () => {
    const seen = await asTenant(tenantB.id, (tx) =>
      selectRows<{ users: number; roles: number; devices: number; grants: number }>(
        tx,
        sql`select (select count(*)::int from users where tenant_id = ${tenantA.id}) as users,
                   (select count(*)::int from roles where tenant_id = ${tenantA.id}) as roles,
                   (select count(*)::int from devices where tenant_id = ${tenantA.id}) as devices,
                   (select count(*)::int from permission_grants where tenant_id = ${tenantA.id}) as grants`,
      ),
    );
    expect(seen).toEqual([{ users: 0, roles: 0, devices: 0, grants: 0 }]);
    const owner = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from devices where tenant_id = ${tenantA.id}`,
    );
    expect(owner).toEqual([{ n: 1 }]);

    const refused = await asTenant(tenantB.id, (tx) =>
      tx.execute(
        sql`insert into devices (id, tenant_id, name, imei) values (gen_random_uuid(), ${tenantA.id}, 'X', '012345678901237')`,
      ),
    ).then(
      () => 'inserted',
      (error: Error & { cause?: Error }) => (error.cause ?? error).message,
    );
    expect(refused).toMatch(/violates row-level security policy for table "devices"/);
    await expect(
      asTenant(tenantB.id, (tx) =>
        tx.execute(sql`update devices set name = 'stolen' where tenant_id = ${tenantA.id}`),
      ),
    ).resolves.toBeDefined();
    const untouched = await selectRows<{ name: string }>(
      t.database.db,
      sql`select name from devices where imei = ${IMEI_A}`,
    );
    expect(untouched).toEqual([{ name: 'A' }]);
  });

  it('shows nothing at all without a scope (fails closed)', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role homeward_app'));
      return selectRows<{ n: number }>(tx, sql`select count(*)::int as n from devices`);
    });
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('bar check: a deliberately unscoped query in a request returns only the caller’s tenant rows', async () => {
    const response = await t.app.inject({ url: '/api/test/unscoped-devices', headers: bearer(userB) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ imei: IMEI_B }]);
  });

  it('lets a host user with the filter permission read All tenants, and refuses writes there', async () => {
    const headers = { ...bearer(hostAdmin), [TENANT_FILTER_HEADER]: ALL_TENANTS_ID };
    const all = await t.app.inject({ url: '/api/test/unscoped-devices', headers });
    expect(all.json()).toEqual(
      [{ imei: IMEI_B }, { imei: IMEI_A }].sort((x, y) => x.imei.localeCompare(y.imei)),
    );
    const one = await t.app.inject({
      url: '/api/test/unscoped-devices',
      headers: { ...bearer(hostAdmin), [TENANT_FILTER_HEADER]: tenantA.id },
    });
    expect(one.json()).toEqual([{ imei: IMEI_A }]);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { name: 'Nowhere', imei: '012345678901237', organizationId: randomUUID() },
    });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.message).toBe('tenancy:allTenantsIsReadOnly');
  });

  it('refuses a tenant user’s filter for another tenant with 403, and changes nothing', async () => {
    const before = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from devices`,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { ...bearer(userB), [TENANT_FILTER_HEADER]: tenantA.id },
      payload: { name: 'Sneaky', imei: '012345678901237', organizationId: randomUUID() },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('tenancy:filterNotAllowed');
    expect(await selectRows(t.database.db, sql`select count(*)::int as n from devices`)).toEqual(before);
  });
});
