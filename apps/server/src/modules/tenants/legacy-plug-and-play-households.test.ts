import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password-hasher';
import { createDatabase, MIGRATIONS_FOLDER, selectRows, type Database } from '../../platform/db/database';
import { createTestDatabase, withDatabaseName, type TestDatabase } from '../../platform/db/test-database';
import { ensureHostStaticRoles } from '../roles/static-roles';
import { startTestNode, testConfig, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { createCprProtection } from '../citizens/cpr-protection';
import { complete, registeredHousehold } from '../registration/registration-test-helpers';
import { hashLinkToken } from '../../platform/auth/link-tokens';

/**
 * Migration 0053: the plug-and-play people of before households (host users holding the host's
 * "Plug and Play Admin" or "Plug and Play User") become households as registration makes them today.
 * The database is migrated to 0045 (before households), filled as that version left it, migrated
 * to the end, and then used through the real app.
 */

const MIGRATION_0053 = path.join(MIGRATIONS_FOLDER, '0053_legacy_plug_and_play_households.sql');
const PASSWORD = 'Legacy-Password1';

/** A database migrated up to and including migration `lastIdx`, as a deployment of that time had it. */
async function databaseMigratedTo(lastIdx: number): Promise<TestDatabase> {
  const folder = mkdtempSync(path.join(tmpdir(), 'homeward-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  try {
    const serverUrl = process.env.DATABASE_URL || undefined;
    if (!serverUrl) {
      const handle = await createDatabase({ dataDir: '' }, { pgliteDataDir: 'memory://' });
      await migratePglite(handle.db as never, { migrationsFolder: folder });
      return { ...handle, drop: () => handle.close() };
    }
    const name = `hw_test_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`create database "${name}"`);
    const url = withDatabaseName(serverUrl, name);
    const handle = await createDatabase({ databaseUrl: url, dataDir: '' });
    await migrateNodePg(handle.db as never, { migrationsFolder: folder });
    return {
      ...handle,
      url,
      drop: async () => {
        await handle.close();
        await admin(`drop database if exists "${name}" with (force)`);
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Migration 0053's statements run again, as a second start would if it were not recorded. */
async function runMigration0053(db: Database) {
  for (const statement of readFileSync(MIGRATION_0053, 'utf8').split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }
}

const ids = {
  adminRole: randomUUID(),
  pnpAdminRole: randomUUID(),
  pnpUserRole: randomUUID(),
  anna: randomUUID(),
  bo: randomUUID(),
  carl: randomUUID(),
  dora: randomUUID(),
  staff: randomUUID(),
  eve: randomUUID(),
  fia: randomUUID(),
  hostUnit: randomUUID(),
  far: randomUUID(),
  staffCitizen: randomUUID(),
  shared: randomUUID(),
  farWatch: randomUUID(),
  staffWatch: randomUUID(),
  carlWatch: randomUUID(),
  ownFence: randomUUID(),
  sharedFence: randomUUID(),
  alarm: randomUUID(),
  invitation: randomUUID(),
};
const FIA_CONFIRMATION_TOKEN = `legacy-confirmation-${randomBytes(8).toString('hex')}`;
const tag = randomBytes(3).toString('hex');
const userNameOf = (key: string) => `${key}.${tag}`;

/** The state migration 0045 left: host users, host roles, host citizens and watches. */
async function seedBeforeHouseholds(db: Database, cprKey: Buffer) {
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const passwordHash = await hashPassword(PASSWORD);
  const cpr = createCprProtection(cprKey);

  await run(sql`insert into roles (id, tenant_id, name, normalized_name, is_static) values
    (${ids.adminRole}, null, 'admin', 'ADMIN', true),
    (${ids.pnpAdminRole}, null, 'Plug and Play Admin', 'PLUG AND PLAY ADMIN', true),
    (${ids.pnpUserRole}, null, 'Plug and Play User', 'PLUG AND PLAY USER', true)`);
  await run(sql`insert into permission_grants (id, tenant_id, name, provider_name, provider_key) values
    (gen_random_uuid(), null, 'Homeward.Users', 'R', ${ids.adminRole}),
    (gen_random_uuid(), null, 'Homeward.Citizens', 'R', ${ids.adminRole}),
    (gen_random_uuid(), null, 'Homeward.Devices', 'R', ${ids.adminRole}),
    (gen_random_uuid(), null, 'Homeward.Geofences', 'R', ${ids.adminRole}),
    (gen_random_uuid(), null, 'Homeward.Citizens', 'R', ${ids.pnpAdminRole}),
    (gen_random_uuid(), null, 'Homeward.Citizens.Create', 'R', ${ids.pnpAdminRole}),
    (gen_random_uuid(), null, 'Homeward.Citizens', 'R', ${ids.pnpUserRole})`);

  const person = (
    key: keyof typeof ids,
    name: string,
    options: { owner?: string; confirmed?: boolean } = {},
  ) => {
    const userName = userNameOf(key);
    const email = `${userName}@legacy.example`;
    return sql`(${ids[key]}, null, ${userName}, ${userName.toUpperCase()}, ${email}, ${email.toUpperCase()},
      ${options.confirmed ?? true}, ${name}, ${passwordHash}, 'stamp', ${options.owner ?? null},
      ${key === 'fia' ? { registrationInvitationId: ids.invitation } : {}}::jsonb,
      now() - ${`${100 - Object.keys(ids).indexOf(key)} minutes`}::interval)`;
  };
  await run(sql`insert into users (id, tenant_id, user_name, normalized_user_name, email, normalized_email,
      email_confirmed, name, password_hash, security_stamp, account_owner_id, extra_properties, created_at)
    values ${sql.join(
      [
        // Anna registered first (ids' order); Carl, a namesake, later; Bo accepted Anna's invitation; Dora's
        // inviter is gone; Staff and Eve are host staff (Eve tried the product too).
        person('anna', 'Anna Jensen'),
        person('bo', 'Bo Jensen', { owner: ids.anna }),
        person('carl', '  Anna Jensen '),
        person('dora', 'Dora Holm'),
        person('staff', 'Host Staff'),
        person('eve', 'Eve Tester'),
        person('fia', 'Fia Jensen', { confirmed: false }),
      ],
      sql`, `,
    )}`);
  await run(sql`insert into user_roles (user_id, role_id, tenant_id) values
    (${ids.anna}, ${ids.pnpAdminRole}, null), (${ids.bo}, ${ids.pnpUserRole}, null),
    (${ids.carl}, ${ids.pnpAdminRole}, null), (${ids.dora}, ${ids.pnpUserRole}, null),
    (${ids.staff}, ${ids.adminRole}, null),
    (${ids.eve}, ${ids.adminRole}, null), (${ids.eve}, ${ids.pnpAdminRole}, null)`);
  // Bo had a grant of his own at the host; a household's people hold only its roles.
  await run(sql`insert into permission_grants (id, tenant_id, name, provider_name, provider_key)
    values (gen_random_uuid(), null, 'Homeward.Users', 'U', ${ids.bo})`);
  await run(sql`insert into user_tokens (id, tenant_id, user_id, purpose, token_hash, expires_at) values
    (gen_random_uuid(), null, ${ids.anna}, 'password_reset', ${`reset-${tag}`}, now() + interval '1 hour'),
    (gen_random_uuid(), null, ${ids.fia}, 'email_confirmation', ${hashLinkToken(FIA_CONFIRMATION_TOKEN)},
     now() + interval '1 day')`);
  // Anna's open invitation, and Fia's registration made with it, not confirmed yet.
  await run(sql`insert into invitations (id, tenant_id, inviter_user_id, email, token_hash, expires_at)
    values (${ids.invitation}, null, ${ids.anna}, ${`${userNameOf('fia')}@legacy.example`},
      ${`invitation-${tag}`}, now() + interval '7 days')`);

  await run(sql`insert into organization_units (id, tenant_id, code, display_name)
    values (${ids.hostUnit}, null, '00001', 'Host unit')`);
  await run(sql`insert into user_organization_units (user_id, organization_unit_id, tenant_id) values
    (${ids.anna}, ${ids.hostUnit}, null), (${ids.staff}, ${ids.hostUnit}, null)`);

  const citizen = (key: 'far' | 'staffCitizen' | 'shared', name: string, creator: string, number: string) =>
    sql`(${ids[key]}, null, ${ids.hostUnit}, ${name}, 'Jensen', ${cpr.encrypt(number)}, ${cpr.hash(number)},
      ${creator}, 'municipality')`;
  await run(sql`insert into citizens (id, tenant_id, organization_id, name, surname, cpr_encrypted, cpr_hash,
      created_by_user_id, standard_payer)
    values ${sql.join(
      [
        citizen('far', 'Far', ids.anna, '0103451111'),
        citizen('staffCitizen', 'Staffs', ids.staff, '0103452222'),
        citizen('shared', 'Shared', ids.anna, '0103453333'),
      ],
      sql`, `,
    )}`);
  // Far's receivers are Anna and Bo; Shared's are Anna and host staff, so it is not Anna's alone.
  await run(sql`insert into citizen_alarm_receivers (id, tenant_id, citizen_id, position, kind, user_id) values
    (gen_random_uuid(), null, ${ids.far}, 1, 'user', ${ids.anna}),
    (gen_random_uuid(), null, ${ids.far}, 2, 'user', ${ids.bo}),
    (gen_random_uuid(), null, ${ids.staffCitizen}, 1, 'user', ${ids.staff}),
    (gen_random_uuid(), null, ${ids.shared}, 1, 'user', ${ids.anna}),
    (gen_random_uuid(), null, ${ids.shared}, 2, 'user', ${ids.staff})`);

  await run(sql`insert into devices (id, tenant_id, name, imei, organization_id, citizen_id, created_by_user_id)
    values
    (${ids.farWatch}, null, 'Far''s watch', ${`35${tag}0000001`}, ${ids.hostUnit}, ${ids.far}, ${ids.anna}),
    (${ids.staffWatch}, null, 'Staff watch', ${`35${tag}0000002`}, ${ids.hostUnit}, ${ids.staffCitizen}, ${ids.staff}),
    (${ids.carlWatch}, null, 'Carl''s watch', ${`35${tag}0000003`}, null, null, ${ids.carl})`);
  await run(sql`insert into citizen_device_settings (tenant_id, citizen_id, device_id, settings) values
    (null, ${ids.far}, ${ids.farWatch}, '{"positionIntervalSeconds":120,"sosNumber":"","lowBatteryThresholdPercent":20,"fallDetection":true}')`);
  await run(
    sql`select homeward_ensure_device_position_partitions(now() - interval '1 day', now() + interval '1 day')`,
  );
  await run(sql`insert into device_positions (id, tenant_id, device_id, device_time, received_at, kind, protocol,
      source, latitude, longitude)
    values (gen_random_uuid(), null, ${ids.farWatch}, now(), now(), 'position', 'osmand', 'gps', 56.15, 10.2)`);
  await run(sql`insert into alarms (id, tenant_id, device_id, citizen_id, kind, first_at, last_at)
    values (${ids.alarm}, null, ${ids.farWatch}, ${ids.far}, 'sos', now(), now())`);
  await run(sql`insert into alarm_history (id, tenant_id, alarm_id, at, action)
    values (gen_random_uuid(), null, ${ids.alarm}, now(), 'created')`);

  // Far's own fence, and one Far shares with the staff's citizen.
  await run(sql`insert into geofences (id, tenant_id, name, kind, center_lat, center_lon, radius_meters,
      min_lat, min_lon, max_lat, max_lon, created_by_user_id) values
    (${ids.ownFence}, null, 'Far''s home', 'circle', 56.15, 10.2, 100, 56.14, 10.19, 56.16, 10.21, ${ids.anna}),
    (${ids.sharedFence}, null, 'Town', 'circle', 56.15, 10.2, 5000, 56.1, 10.1, 56.2, 10.3, ${ids.staff})`);
  await run(sql`insert into citizen_geofences (tenant_id, citizen_id, geofence_id) values
    (null, ${ids.far}, ${ids.ownFence}), (null, ${ids.far}, ${ids.sharedFence}),
    (null, ${ids.staffCitizen}, ${ids.sharedFence})`);
  await run(sql`insert into geofence_events (id, tenant_id, device_id, citizen_id, geofence_id, kind, at, latitude, longitude)
    values (gen_random_uuid(), null, ${ids.farWatch}, ${ids.far}, ${ids.sharedFence}, 'exit', now(), 56.3, 10.2)`);
}

/** One row per person: the tenant they are in, by key. */
async function tenantsOfPeople(db: Database) {
  const rows = await selectRows<{ id: string; tenant_id: string | null }>(
    db,
    sql`select id, tenant_id from users where id in ${sql`(${sql.join(
      Object.values(ids).map((id) => sql`${id}`),
      sql`, `,
    )})`}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row.tenant_id]));
  const of = (key: keyof typeof ids) => byId.get(ids[key]) ?? null;
  return { of };
}

let t: TestApp;
let db: Database;

beforeAll(async () => {
  const config = testConfig();
  const database = await databaseMigratedTo(45);
  try {
    await seedBeforeHouseholds(database.db, config.cprEncryptionKey);
    await database.migrate();
    await ensureHostStaticRoles(database.db);
  } catch (error) {
    await database.drop();
    throw error;
  }
  db = database.db;
  t = await startTestNode(config, database, () => database.drop());
});
afterAll(async () => {
  await t?.close();
});

async function householdOf(ownerKey: keyof typeof ids) {
  const [row] = await selectRows<{ id: string; name: string; kind: string; owner_user_id: string }>(
    db,
    sql`select id, name, kind, owner_user_id from tenants where owner_user_id = ${ids[ownerKey]}`,
  );
  return row;
}

/** The household's roles with their grants, by role name. */
async function rolesOf(householdId: string) {
  const rows = await selectRows<{ name: string; is_static: boolean; permissions: string[] }>(
    db,
    sql`select r.name, r.is_static, coalesce(array_agg(g.name order by g.name) filter (where g.name is not null), '{}') as permissions
        from roles r left join permission_grants g on g.provider_name = 'R' and g.provider_key = r.id::text
        where r.tenant_id = ${householdId} group by r.name, r.is_static order by r.name`,
  );
  return rows;
}

async function roleNamesOf(userKey: keyof typeof ids) {
  const rows = await selectRows<{ name: string; tenant_id: string | null }>(
    db,
    sql`select r.name, ur.tenant_id from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${ids[userKey]} order by r.name`,
  );
  return rows;
}

describe('migration 0053: legacy plug-and-play people become households', () => {
  it('gives each admin a household of their own, named after them, that they own', async () => {
    const anna = await householdOf('anna');
    const carl = await householdOf('carl');
    const dora = await householdOf('dora');
    expect(anna).toMatchObject({ name: 'Anna Jensen', kind: 'household' });
    // A namesake gets the user name added, as registration does.
    expect(carl).toMatchObject({ name: `Anna Jensen (${userNameOf('carl')})`, kind: 'household' });
    // A Plug and Play User whose inviter is gone registers a household of their own, as today.
    expect(dora).toMatchObject({ name: 'Dora Holm', kind: 'household' });

    const people = await tenantsOfPeople(db);
    expect(people.of('anna')).toBe(anna!.id);
    expect(people.of('bo')).toBe(anna!.id);
    expect(people.of('carl')).toBe(carl!.id);
    expect(people.of('dora')).toBe(dora!.id);
    // Host staff stay at the host, also the one who tried the product; a pending registration too.
    expect(people.of('staff')).toBeNull();
    expect(people.of('eve')).toBeNull();
    expect(people.of('fia')).toBeNull();
    expect(await householdOf('eve')).toBeUndefined();
  });

  it('gives the households the roles and grants registration gives one today, and their people those roles only', async () => {
    const registered = await registeredHousehold(t);
    const expected = await rolesOf(registered.householdId);
    expect(expected.map((role) => role.name)).toEqual(['Plug and Play Admin', 'Plug and Play User']);
    for (const owner of ['anna', 'carl', 'dora'] as const) {
      expect(await rolesOf((await householdOf(owner))!.id)).toEqual(expected);
    }

    const anna = (await householdOf('anna'))!.id;
    expect(await roleNamesOf('anna')).toEqual([{ name: 'Plug and Play Admin', tenant_id: anna }]);
    expect(await roleNamesOf('bo')).toEqual([{ name: 'Plug and Play User', tenant_id: anna }]);
    expect(await roleNamesOf('dora')).toEqual([
      { name: 'Plug and Play Admin', tenant_id: (await householdOf('dora'))!.id },
    ]);
    const hostGrantsOfBo = await selectRows(
      db,
      sql`select 1 from permission_grants where provider_name = 'U' and provider_key = ${ids.bo}`,
    );
    expect(hostGrantsOfBo).toHaveLength(0);

    // The host's plug-and-play roles go once nobody holds them; Eve still holds the admin one.
    const hostRoles = await selectRows<{ name: string }>(
      db,
      sql`select name from roles where tenant_id is null and normalized_name like 'PLUG AND PLAY%'`,
    );
    expect(hostRoles.map((role) => role.name)).toEqual(['Plug and Play Admin']);
  });

  it('gives each household its one hidden unit, which its people follow instead of the host’s', async () => {
    const anna = await householdOf('anna');
    const units = await selectRows<{ id: string; code: string; display_name: string }>(
      db,
      sql`select id, code, display_name from organization_units where tenant_id = ${anna!.id}`,
    );
    expect(units).toEqual([{ id: expect.any(String), code: '00001', display_name: 'Anna Jensen' }]);
    const followed = await selectRows<{ user_id: string; organization_unit_id: string; tenant_id: string }>(
      db,
      sql`select user_id, organization_unit_id, tenant_id from user_organization_units
          where user_id in (${ids.anna}, ${ids.bo}) order by user_id`,
    );
    expect(followed).toHaveLength(2);
    for (const row of followed)
      expect(row).toMatchObject({ organization_unit_id: units[0]!.id, tenant_id: anna!.id });
  });

  it('moves the person’s own rows: tokens and the invitations they sent', async () => {
    const anna = (await householdOf('anna'))!.id;
    const [token] = await selectRows<{ tenant_id: string }>(
      db,
      sql`select tenant_id from user_tokens where user_id = ${ids.anna}`,
    );
    expect(token!.tenant_id).toBe(anna);
    const [invitation] = await selectRows<{ tenant_id: string }>(
      db,
      sql`select tenant_id from invitations where id = ${ids.invitation}`,
    );
    expect(invitation!.tenant_id).toBe(anna);
  });

  it('lets a registration made with a legacy invitation join the inviter’s household', async () => {
    const confirmed = await complete(t, FIA_CONFIRMATION_TOKEN);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const anna = (await householdOf('anna'))!.id;
    expect((await tenantsOfPeople(db)).of('fia')).toBe(anna);
    expect(await roleNamesOf('fia')).toEqual([{ name: 'Plug and Play User', tenant_id: anna }]);
  });

  it('moves the citizen and watch that were the household’s alone, with their history, and leaves shared ones', async () => {
    const anna = (await householdOf('anna'))!.id;
    const carl = (await householdOf('carl'))!.id;
    const [unit] = await selectRows<{ id: string }>(
      db,
      sql`select id from organization_units where tenant_id = ${anna}`,
    );
    const tenantOf = async (table: string, column: string, id: string) =>
      (
        await selectRows<{ tenant_id: string | null }>(
          db,
          sql`select tenant_id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
        )
      ).map((row) => row.tenant_id);

    const [far] = await selectRows<{ tenant_id: string; organization_id: string; standard_payer: string }>(
      db,
      sql`select tenant_id, organization_id, standard_payer from citizens where id = ${ids.far}`,
    );
    expect(far).toEqual({ tenant_id: anna, organization_id: unit!.id, standard_payer: 'citizen' });
    expect(await tenantOf('devices', 'id', ids.farWatch)).toEqual([anna]);
    for (const [table, column] of [
      ['citizen_alarm_receivers', 'citizen_id'],
      ['citizen_device_settings', 'citizen_id'],
      ['citizen_geofences', 'citizen_id'],
    ] as const) {
      expect(new Set(await tenantOf(table, column, ids.far))).toEqual(new Set([anna]));
    }
    for (const table of ['device_positions', 'alarms', 'geofence_events']) {
      expect(await tenantOf(table, 'device_id', ids.farWatch)).toEqual([anna]);
    }
    expect(await tenantOf('alarm_history', 'alarm_id', ids.alarm)).toEqual([anna]);
    // A watch Carl registered himself and no citizen wears.
    expect(await tenantOf('devices', 'id', ids.carlWatch)).toEqual([carl]);

    // Far's own fence moved; the one the host's citizen uses too stayed, and Far has a copy.
    expect(await tenantOf('geofences', 'id', ids.ownFence)).toEqual([anna]);
    expect(await tenantOf('geofences', 'id', ids.sharedFence)).toEqual([null]);
    const fencesOfFar = await selectRows<{ tenant_id: string; name: string; id: string }>(
      db,
      sql`select g.id, g.tenant_id, g.name from citizen_geofences cg join geofences g on g.id = cg.geofence_id
          where cg.citizen_id = ${ids.far} order by g.name`,
    );
    expect(fencesOfFar.map(({ tenant_id, name }) => ({ tenant_id, name }))).toEqual([
      { tenant_id: anna, name: "Far's home" },
      { tenant_id: anna, name: 'Town' },
    ]);
    const [event] = await selectRows<{ geofence_id: string }>(
      db,
      sql`select geofence_id from geofence_events where device_id = ${ids.farWatch}`,
    );
    expect(event!.geofence_id).toBe(fencesOfFar[1]!.id);

    // Not the household's alone: stays at the host, as it was.
    expect(await tenantOf('citizens', 'id', ids.shared)).toEqual([null]);
    expect(await tenantOf('citizens', 'id', ids.staffCitizen)).toEqual([null]);
    expect(await tenantOf('devices', 'id', ids.staffWatch)).toEqual([null]);
  });

  it('isolates the households through the app: each sees its own, the host sees neither', async () => {
    const list = async (who: keyof typeof ids, url: string) => {
      const tokens = await signIn(t, { userName: userNameOf(who), password: PASSWORD });
      const response = await t.app.inject({ url, headers: bearer(tokens) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    };
    expect(await list('anna', '/api/citizens')).toEqual([ids.far]);
    expect(await list('bo', '/api/citizens')).toEqual([ids.far]);
    expect(await list('anna', '/api/devices')).toEqual([ids.farWatch]);
    expect(await list('anna', '/api/alarms')).toEqual([ids.alarm]);
    expect(await list('carl', '/api/citizens')).toEqual([]);
    expect(await list('carl', '/api/devices')).toEqual([ids.carlWatch]);
    expect(new Set(await list('staff', '/api/citizens'))).toEqual(new Set([ids.staffCitizen, ids.shared]));

    const carl = await signIn(t, { userName: userNameOf('carl'), password: PASSWORD });
    const farForCarl = await t.app.inject({ url: `/api/citizens/${ids.far}`, headers: bearer(carl) });
    expect(farForCarl.statusCode).toBe(404);

    const staff = await signIn(t, { userName: userNameOf('staff'), password: PASSWORD });
    const hostUsers = await t.app.inject({
      url: '/api/identity/users?maxResultCount=100',
      headers: bearer(staff),
    });
    expect(hostUsers.statusCode, hostUsers.body).toBe(200);
    const hostUserIds = hostUsers.json<{ items: { id: string }[] }>().items.map((user) => user.id);
    expect(hostUserIds).toContain(ids.staff);
    expect(hostUserIds).not.toContain(ids.anna);
    expect(hostUserIds).not.toContain(ids.bo);

    const anna = await signIn(t, { userName: userNameOf('anna'), password: PASSWORD });
    const members = await t.app.inject({ url: '/api/account/household-members', headers: bearer(anna) });
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json<{ members: { id: string }[] }>().members.map((member) => member.id)).toEqual(
      expect.arrayContaining([ids.anna, ids.bo]),
    );
  });

  it('finds nobody to move when it runs again, and does nothing on an empty database', async () => {
    const count = async (target: Database) =>
      (
        await selectRows<{ tenants: number; roles: number; units: number }>(
          target,
          sql`select (select count(*)::int from tenants) as tenants, (select count(*)::int from roles) as roles,
                     (select count(*)::int from organization_units) as units`,
        )
      )[0];
    const before = await count(db);
    await runMigration0053(db);
    expect(await count(db)).toEqual(before);

    const empty = await createTestDatabase();
    try {
      const fresh = await count(empty.db);
      await runMigration0053(empty.db);
      expect(await count(empty.db)).toEqual(fresh);
    } finally {
      await empty.drop();
    }
  });
});
