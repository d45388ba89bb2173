import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';

/** Test helpers of the account profile API: a signed-in tenant user and calls as them. */

/** A user in a tenant of their own, signed in: their tokens and the headers that carry them. */
export async function signedInTenantUser(t: TestApp, options: { email?: string } = {}) {
  const tenant = await given(t.database.db).tenant();
  const user = await given(t.database.db).user({ tenantId: tenant.id, ...options });
  const tokens = await signIn(t, user);
  return { tenant, user, tokens, headers: bearer(tokens) };
}

/** What a test passes to `callApi` after the app: method, url, headers and the body if any. */
export type ApiCall = [
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
];

/** Calls the API with `headers`, sending `payload` as the body when there is one. */
export const callApi = (t: TestApp, ...[method, url, headers, payload]: ApiCall) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
