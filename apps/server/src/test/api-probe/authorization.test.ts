import { ALL_PERMISSIONS, isHostOnlyPermission } from '@homeward/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deletesLast, operationName, type ApiOperation } from './api-operations';
import { injectOf, reportRun, runProbes, summaryOf, validInput, type Probe } from './probe-runner';
import { useProbeWorld, TENANT_PERMISSIONS, tenantRowsFingerprint, type Caller } from './probe-world';

/**
 * The generated authorization suite (issue 15): every operation of the OpenAPI document, as an
 * anonymous caller, as another tenant's administrator aiming at tenant A's rows, as a role without
 * the operation's permission and as a role with it. Expectations come from the permission each
 * route declares (`x-permission`), so a new operation is covered without a line here.
 */

/** The only prefixes under which an operation may be public; a new public route elsewhere fails. */
const PUBLIC_PREFIXES = [
  '/api/health',
  '/api/localization/',
  '/api/app/configuration',
  '/api/account/pending-registration',
  '/api/account/complete-registration',
  '/api/account/resend-email',
  '/api/account/invitations/',
  '/api/gateway/',
  // The card processor's webhook: no sign-in, its signature over the raw body is the check.
  '/api/billing/webhook',
];

const probeWorld = useProbeWorld();

const isWrite = (operation: ApiOperation) => operation.method !== 'GET';
const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * One valid request per operation for the callers `callerOf` names (none: the operation is skipped),
 * deletes in a phase of their own at the end.
 */
function validProbes(
  operations: ApiOperation[],
  callerOf: (operation: ApiOperation) => Caller | undefined,
  checkOf: (operation: ApiOperation, request: InjectOptions) => Probe['check'],
): Probe[][] {
  return deletesLast(operations).map((phase) =>
    phase.flatMap((operation) => {
      const caller = callerOf(operation);
      if (!caller) return [];
      const request = injectOf(operation, validInput(operation, probeWorld().ids), caller);
      return [{ operation, caller, input: 'valid', request, check: checkOf(operation, request) }];
    }),
  );
}

/**
 * Operations that exist for households only: an organization's user is refused them whatever their
 * permissions (403 with the feature's message), so "with the permission" sends them as the probe
 * household's owner, who holds it through the Plug and Play Admin role.
 */
const HOUSEHOLD_ONLY_PATHS = [
  '/api/device-connection',
  '/api/account/household-members',
  '/api/account/invite-user',
  '/api/account/invitations/{id}/resend',
  '/api/account/delete-invited-user/{id}',
  '/api/billing/details',
  '/api/billing/cards',
  '/api/billing/subscriptions',
  '/api/billing/invoices',
];
const isHouseholdOnly = (operation: ApiOperation) =>
  HOUSEHOLD_ONLY_PATHS.some((path) => operation.path === path || operation.path.startsWith(`${path}/`));

describe('generated authorization suite', () => {
  it('covers the document, and public operations stay where they are expected', () => {
    expect(probeWorld().operations.length).toBeGreaterThan(150);
    const strayPublic = probeWorld()
      .operations.filter((operation) => operation.permission === 'public')
      .filter((operation) => !PUBLIC_PREFIXES.some((prefix) => operation.path.startsWith(prefix)))
      .map(operationName);
    expect(strayPublic).toEqual([]);
  });
});

/** Whether an operation needs a permission only host users can hold. */
const isHostOnly = (operation: ApiOperation) =>
  operation.permission.startsWith('Homeward.') && isHostOnlyPermission(operation.permission);

/** The catalogue permissions the operations declare, each once. */
const declaredPermissions = () => [
  ...new Set(
    probeWorld()
      .operations.map((operation) => operation.permission)
      .filter((name) => name.startsWith('Homeward.')),
  ),
];

/** `make` for every item, a few at a time (sign-ins hash passwords on the thread pool), as pairs. */
async function inBatches<T>(items: string[], make: (item: string) => Promise<T>): Promise<[string, T][]> {
  const made: [string, T][] = [];
  for (let start = 0; start < items.length; start += 4) {
    const batch = items.slice(start, start + 4);
    made.push(...(await Promise.all(batch.map(async (item) => [item, await make(item)] as [string, T]))));
  }
  return made;
}

/** How many users share the permissions to lack, per side (tenant, host). */
const WITHOUT_GROUPS = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('generated authorization suite: identities', () => {
  it('answers 401 to an anonymous caller for every operation that is not public', async () => {
    const startedAt = performance.now();
    const run = await runProbes(
      probeWorld().t.app,
      validProbes(
        probeWorld().operations,
        () => probeWorld().anonymous,
        (operation) => (response) =>
          operation.permission === 'public' || response.statusCode === 401 ? undefined : 'expected 401',
      ),
    );
    reportRun(summaryOf('anonymous', probeWorld().operations.length, run, startedAt));
    expect(run.failures).toEqual([]);
  });

  it.each([
    { who: 'tenant B’s administrator', caller: () => probeWorld().adminB, label: 'tenant B admin' },
    // A household is a tenant (DESIGN §9): its owner reaches nothing of another tenant either.
    { who: 'a household’s owner', caller: () => probeWorld().householdOwner, label: 'household owner' },
  ])('never lets $who read or change tenant A’s rows', async ({ caller, label }) => {
    const startedAt = performance.now();
    const idsOfA = probeWorld().ids.markers.filter((marker) => UUID.test(marker));
    await probeWorld().t.app.auditLog.flush();
    const before = await tenantRowsFingerprint(probeWorld(), probeWorld().tenantA);
    const run = await runProbes(
      probeWorld().t.app,
      validProbes(probeWorld().operations, caller, (operation, request) => {
        const path = request.url!.toString().split('?')[0]!;
        const sent = `${request.url} ${String(request.payload ?? '')}`;
        const aimsAtA = idsOfA.some((id) => path.includes(id) || (isWrite(operation) && sent.includes(id)));
        return (response) => {
          if (isHostOnly(operation)) return response.statusCode === 403 ? undefined : 'expected 403';
          if (!is2xx(response.statusCode)) return undefined;
          if (aimsAtA) return 'tenant A’s row answered';
          const shown = probeWorld().ids.markers.find((marker) => response.body.includes(marker));
          return shown ? `shows tenant A’s ${shown}` : undefined;
        };
      }),
    );
    await probeWorld().t.app.auditLog.flush();
    const after = await tenantRowsFingerprint(probeWorld(), probeWorld().tenantA);
    reportRun(summaryOf(label, probeWorld().operations.length, run, startedAt));
    expect(run.failures).toEqual([]);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, `tables with tenant A rows changed by ${label}`).toEqual([]);
  });

  it('answers 403 to a role without the operation’s permission', async () => {
    const startedAt = performance.now();
    // Each user lacks a few of the declared permissions (and their children) and holds every other
    // one of its side: lacking more than the one an operation needs changes nothing about its 403,
    // and a handful of users sign in much faster than one per permission.
    const groups = new Map<string, string[]>();
    declaredPermissions().forEach((permission, index) => {
      const key = `${isHostOnlyPermission(permission) ? 'host' : 'tenant'} ${index % WITHOUT_GROUPS}`;
      groups.set(key, [...(groups.get(key) ?? []), permission]);
    });
    const without = new Map<string, Caller>();
    for (const [key, lacking] of groups) {
      const host = key.startsWith('host');
      const others = (host ? ALL_PERMISSIONS : TENANT_PERMISSIONS).filter(
        (name) => !lacking.some((missing) => name === missing || name.startsWith(`${missing}.`)),
      );
      const caller = await probeWorld().userWithPermissions(`without ${lacking.join(', ')}`, others, host);
      for (const permission of lacking)
        without.set(permission, { ...caller, label: `without ${permission}` });
    }
    // Open to any signed-in user: a user without any permission gets past sign-in (the service may
    // still check a permission that depends on the input, as permission management does).
    without.set(
      'authenticated',
      await probeWorld().userWithPermissions('signed in, no permissions', [], false),
    );
    const run = await runProbes(
      probeWorld().t.app,
      validProbes(
        probeWorld().operations,
        (operation) => without.get(operation.permission),
        (operation) => (response) => {
          if (operation.permission === 'authenticated')
            return response.statusCode === 401 ? 'expected not 401' : undefined;
          return response.statusCode === 403 ? undefined : 'expected 403';
        },
      ),
    );
    reportRun(summaryOf('without the permission', without.size, run, startedAt));
    expect(run.failures).toEqual([]);
  });

  it('lets a role with just the operation’s permission through (neither 401, 403 nor 5xx)', async () => {
    const startedAt = performance.now();
    const granted = new Map<string, Caller>(
      await inBatches(declaredPermissions(), (permission) =>
        // A child is granted only together with its parents.
        probeWorld().userWithPermissions(
          `with ${permission}`,
          ALL_PERMISSIONS.filter((name) => name === permission || permission.startsWith(`${name}.`)),
          isHostOnlyPermission(permission),
        ),
      ),
    );
    granted.set('public', probeWorld().anonymous);
    // Such an operation may check a permission that depends on its input; the administrator has it.
    granted.set('authenticated', probeWorld().adminA);
    const run = await runProbes(
      probeWorld().t.app,
      validProbes(
        probeWorld().operations,
        (operation) =>
          isHouseholdOnly(operation) ? probeWorld().householdOwner : granted.get(operation.permission),
        () => (response) =>
          response.statusCode === 401 || response.statusCode === 403
            ? 'refused despite the permission'
            : undefined,
      ),
    );
    reportRun(summaryOf('with the permission', probeWorld().operations.length, run, startedAt));
    expect(run.failures).toEqual([]);
  });
});
