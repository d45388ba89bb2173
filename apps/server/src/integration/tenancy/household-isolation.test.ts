import { settings } from '../../modules/settings/settings.schema';
import { HOUSEHOLD_STATIC_ROLES } from '../../modules/roles/static-roles';
import { householdWithMember } from '../../test/tenant-isolation/households';
import { HOUSEHOLD_ISOLATION_CASES, ISOLATION_CASES } from '../../test/tenant-isolation/isolation-cases';
import { describeIsolationSuite, signedInCaller } from '../../test/tenant-isolation/isolation-suite';

/**
 * Household isolation (issue 17, DESIGN §9: a tenant per household). Two households made by
 * registration, each with its owner and an invited member, then the tenant-isolation suite
 * (test/tenant-isolation/isolation-suite.ts) between them: every tenant-owned endpoint family and
 * every table with a `tenant_id` in SQL. Row-level security does it; households need no mechanism
 * of their own, and this proves it.
 */

const households = async (t: Parameters<typeof householdWithMember>[0]) => {
  const [a, b] = [await householdWithMember(t), await householdWithMember(t)];
  // A household's own setting and its member's, so the SQL check covers `settings` too.
  for (const household of [a, b]) {
    await t.database.db.insert(settings).values([
      {
        tenantId: household.id,
        name: 'Abp.Localization.DefaultLanguage',
        value: 'da',
        providerName: 'T',
        providerKey: household.id,
      },
      {
        tenantId: household.id,
        name: 'Abp.Localization.DefaultLanguage',
        value: 'en',
        providerName: 'U',
        providerKey: household.member.id,
      },
    ]);
  }
  return [a.id, b.id] as [string, string];
};

// Every endpoint family, by a user of each household holding every permission the cases need;
// the household-only families (members and invitations) too.
const HOUSEHOLD_CASES = [...ISOLATION_CASES, ...HOUSEHOLD_ISOLATION_CASES];
describeIsolationSuite({
  label: 'household',
  tenants: households,
  unseededTables: 'allowed',
  cases: HOUSEHOLD_CASES,
});

// The same attacks by the households' own owners, signed in with only their Plug and Play Admin
// role: the families a household's owner can reach (citizens, watches, geofences, alarms, ...).
const ownerPermissions = new Set(HOUSEHOLD_STATIC_ROLES[0]!.permissions);
const owned = new Map<string, Awaited<ReturnType<typeof householdWithMember>>>();
describeIsolationSuite({
  label: 'household owner',
  tenants: async (t) => {
    const [a, b] = [await householdWithMember(t), await householdWithMember(t)];
    owned.set(a.id, a).set(b.id, b);
    return [a.id, b.id];
  },
  callers: async (t, [a, b]) => [
    await signedInCaller(t, owned.get(a)!.owner),
    await signedInCaller(t, owned.get(b)!.owner),
  ],
  cases: HOUSEHOLD_CASES.filter((each) => each.permissions.every((name) => ownerPermissions.has(name))),
  unseededTables: 'any',
});
