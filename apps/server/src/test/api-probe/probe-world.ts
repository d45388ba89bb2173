import { afterAll, beforeAll } from 'vitest';
import { ALL_PERMISSIONS, isHostOnlyPermission, OIDC_SCOPE } from '@homeward/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { claimTypes } from '../../modules/claim-types/claim-types.schema';
import { languages } from '../../modules/languages/languages.schema';
import { selectRows } from '../../platform/db/database';
import { buildTestApp, type TestApp } from '../build-test-app';
import { userRoles } from '../../modules/roles/roles.schema';
import { tenants } from '../../modules/tenants/tenants.schema';
import { users } from '../../modules/users/users.schema';
import { ensureHouseholdRoles } from '../../modules/roles/static-roles';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import { given, GIVEN_PASSWORD, type GivenRole } from '../given';
import type { IsolationCaller, IsolationRequest } from '../tenant-isolation/isolation-case';
import { ISOLATION_CASES } from '../tenant-isolation/isolation-cases';
import { apiOperationsOf, type ApiOperation, type OpenApiDocument } from './api-operations';
import { seededIdsOf, type SeededIds } from './seeded-ids';

/** Someone who sends requests: a label for failure lists and the headers that identify them. */
export interface Caller {
  label: string;
  headers: Record<string, string>;
}

/**
 * The app and everything the generated suites aim at: two tenants, tenant A's rows of every
 * tenant-isolation family (seeded by the cases' own seeds), a few host rows, and signed-in callers.
 */
export interface ProbeWorld {
  t: TestApp;
  operations: ApiOperation[];
  tenantA: string;
  tenantB: string;
  anonymous: Caller;
  /** Tenant users with every tenant permission. */
  adminA: Caller;
  adminB: Caller;
  /** A host user with every permission, host-only ones included. */
  hostAdmin: Caller;
  /** The owner of a household (a tenant of kind household), with only its Plug and Play Admin role. */
  householdOwner: Caller;
  ids: SeededIds;
  /** Signs in a new user of tenant A (or of the host, for host-only permissions) with a role. */
  userWithPermissions(label: string, permissions: string[], host: boolean): Promise<Caller>;
  close(): Promise<void>;
}

export const TENANT_PERMISSIONS = ALL_PERMISSIONS.filter((name) => !isHostOnlyPermission(name));

let signIns = 0;
let usersMade = 0;

/**
 * A bearer token through the password grant, each sign-in from an address of its own so that a
 * per-address sign-in throttle never refuses the suite's users.
 */
async function signedIn(t: TestApp, label: string, userName: string, password: string): Promise<Caller> {
  signIns += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/connect/token',
    remoteAddress: `10.77.${signIns >> 8}.${signIns & 255}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: 'branded',
      username: userName,
      password,
      scope: OIDC_SCOPE,
    }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${label} refused: ${response.body}`);
  return { label, headers: { authorization: `Bearer ${response.json().access_token}` } };
}

export async function buildProbeWorld(): Promise<ProbeWorld> {
  const t = await buildTestApp();
  try {
    await t.app.ready();
    const operations = apiOperationsOf(t.app.swagger() as unknown as OpenApiDocument);
    const g = given(t.database.db);
    const [tenantA, tenantB, spareTenant] = [await g.tenant(), await g.tenant(), await g.tenant()];

    // One password hash for every user of the suite: hashing is the slow part of making a user.
    const passwordHash = await hashPassword(GIVEN_PASSWORD);
    const userOf = async (label: string, tenantId: string | null, roles: GivenRole[]) => {
      const userName = `probe.user.${(usersMade += 1)}`;
      const [user] = await t.database.db
        .insert(users)
        .values({
          tenantId,
          userName,
          normalizedUserName: normalizeIdentifier(userName),
          email: `${userName}@example.com`,
          normalizedEmail: normalizeIdentifier(`${userName}@example.com`),
          emailConfirmed: true,
          name: userName,
          passwordHash,
          securityStamp: newSecurityStamp(),
        })
        .returning({ id: users.id });
      await t.database.db
        .insert(userRoles)
        .values(roles.map((role) => ({ userId: user!.id, roleId: role.id, tenantId })));
      return { user: user!, caller: await signedIn(t, label, userName, GIVEN_PASSWORD) };
    };
    const roleOf = (tenantId: string | null, permissions: string[]) => g.role({ tenantId, permissions });
    const [a, b, host] = [
      await userOf('tenant A admin', tenantA.id, [await roleOf(tenantA.id, TENANT_PERMISSIONS)]),
      await userOf('tenant B admin', tenantB.id, [await roleOf(tenantB.id, TENANT_PERMISSIONS)]),
      await userOf('host admin', null, [await roleOf(null, ALL_PERMISSIONS)]),
    ];
    // A household as registration makes one: its static roles, and its owner as Plug and Play Admin.
    const [household] = await t.database.db
      .insert(tenants)
      .values({ name: `Probe household ${spareTenant.id.slice(-6)}`, kind: 'household' })
      .returning({ id: tenants.id });
    const householdRoles = await ensureHouseholdRoles(t.database.db, household!.id);
    const owner = await userOf('household owner', household!.id, [
      { id: householdRoles['Plug and Play Admin'], name: 'Plug and Play Admin', tenantId: household!.id },
    ]);
    await t.database.db
      .update(tenants)
      .set({ ownerUserId: owner.user.id })
      .where(eq(tenants.id, household!.id));

    const isolationCaller: IsolationCaller = {
      tenantId: tenantA.id,
      userId: a.user.id,
      request: ({ method, url, payload }: IsolationRequest) =>
        t.app.inject({
          method,
          url,
          headers: a.caller.headers,
          ...(payload !== undefined ? { payload } : {}),
        } as InjectOptions),
    };
    const seeded = [];
    for (const each of ISOLATION_CASES) {
      seeded.push({ each, row: await each.seed({ t, a: isolationCaller, given: g }) });
    }
    // A contact role of A (a per-tenant list no isolation case seeds).
    const contactRole = await isolationCaller.request({
      method: 'POST',
      url: '/api/contact-roles',
      payload: { name: 'Probe contact role' },
    });
    if (contactRole.statusCode >= 300) throw new Error(`seed refused: ${contactRole.body}`);
    // Host rows (no tenant-isolation case seeds them): a claim type and a language of our own, and
    // a spare tenant, so that deleting "a tenant" never deletes tenant A under the other requests.
    const [claimType] = await t.database.db
      .insert(claimTypes)
      .values({ name: `probe_claim_${spareTenant.id.slice(-6)}` })
      .returning({ id: claimTypes.id });
    const [language] = await t.database.db
      .insert(languages)
      .values({ cultureName: 'eo', uiCultureName: 'eo', displayName: 'Probe language' })
      .returning({ id: languages.id });
    await t.app.auditLog.flush();

    const ids = seededIdsOf(seeded, {
      ofTenantA: { '/api/contact-roles/{id}': contactRole.json().id },
      ofHost: {
        '/api/tenants/{id}': spareTenant.id,
        '/api/identity/claim-types/{id}': claimType!.id,
        '/api/language-management/languages/{id}': language!.id,
      },
    });
    return {
      t,
      operations,
      tenantA: tenantA.id,
      tenantB: tenantB.id,
      anonymous: { label: 'anonymous', headers: {} },
      adminA: a.caller,
      adminB: b.caller,
      hostAdmin: host.caller,
      householdOwner: owner.caller,
      ids,
      async userWithPermissions(label, permissions, isHost) {
        const tenantId = isHost ? null : tenantA.id;
        return (await userOf(label, tenantId, [await roleOf(tenantId, permissions)])).caller;
      },
      close: () => t.close(),
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** The caller an operation is meant for, with every permission its side has. */
export function callerFor(world: ProbeWorld, operation: ApiOperation): Caller {
  if (operation.permission === 'public') return world.anonymous;
  if (operation.permission !== 'authenticated' && isHostOnlyPermission(operation.permission)) {
    return world.hostAdmin;
  }
  return world.adminA;
}

/**
 * A fingerprint of every row of `tenantId` in every table with a `tenant_id`, read as the owner
 * (row-level security does not apply): equal fingerprints mean none of the tenant's rows changed.
 */
export async function tenantRowsFingerprint(
  world: ProbeWorld,
  tenantId: string,
): Promise<Record<string, string>> {
  const tables = await selectRows<{ name: string }>(
    world.t.database.db,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id'
          and not exists (select 1 from pg_class where relname = table_name and relispartition)
        order by table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await selectRows<{ digest: string | null }>(
      world.t.database.db,
      sql`select md5(string_agg(to_jsonb(x)::text, ',' order by to_jsonb(x)::text)) as digest
          from ${sql.identifier(name)} x where tenant_id = ${tenantId}`,
    );
    fingerprint[name] = row?.digest ?? 'none';
  }
  return fingerprint;
}

/**
 * The world of one probe file, built before its first test and closed after its last (it seeds a
 * whole tenant, so it gets a generous hook timeout). Read it through the getter inside tests.
 */
export function useProbeWorld(): () => ProbeWorld {
  let world: ProbeWorld | undefined;
  beforeAll(async () => {
    world = await buildProbeWorld();
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error('the probe world is built in beforeAll');
    return world;
  };
}
