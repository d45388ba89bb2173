import { ALL_PERMISSIONS } from '@homeward/contracts';
import type { TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';

/** Every permission of identity management (claim types are host-only and drop out for tenants). */
export const IDENTITY_PERMISSIONS = ALL_PERMISSIONS.filter((name) =>
  /^Homeward\.(Users|Roles|ClaimTypes|OrganizationUnits|SecurityLogs)(\.|$)/.test(name),
);

export interface SignedInCaller {
  user: GivenUser;
  headers: { authorization: string };
}

/** A user of the tenant (null: host) with these permissions, signed in with real tokens. */
export async function signedInCaller(
  t: TestApp,
  options: { tenantId: string | null; permissions?: string[] },
): Promise<SignedInCaller> {
  const user = await given(t.database.db).user({
    tenantId: options.tenantId,
    permissions: options.permissions ?? IDENTITY_PERMISSIONS,
  });
  return { user, headers: bearer(await signIn(t, user)) };
}
