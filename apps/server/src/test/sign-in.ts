import { OIDC_SCOPE } from '@homeward/contracts';
import type { TestApp } from './build-test-app';
import { given } from './given';

export interface TestTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

/** A form POST to the provider, as a first-party client sends it. */
export function tokenRequest(t: TestApp, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/**
 * Real tokens from the in-process provider through the password grant: the same credentials check,
 * lockout and security log as the login page. Throws with the provider's answer when refused.
 */
export async function signIn(
  t: TestApp,
  user: { userName: string; password: string },
  clientId = 'branded',
): Promise<TestTokens> {
  const response = await tokenRequest(t, {
    grant_type: 'password',
    client_id: clientId,
    username: user.userName,
    password: user.password,
    scope: OIDC_SCOPE,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in refused: ${response.statusCode} ${response.body}`);
  const body = response.json<{ access_token: string; refresh_token?: string; id_token?: string }>();
  return { accessToken: body.access_token, refreshToken: body.refresh_token, idToken: body.id_token };
}

/** The Authorization header of a signed-in caller. */
export function bearer(tokens: TestTokens): { authorization: string } {
  return { authorization: `Bearer ${tokens.accessToken}` };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A caller of the test app with an English Accept-Language; without tokens it calls anonymously. */
export function apiCaller(t: TestApp) {
  return (tokens: TestTokens | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...(tokens ? bearer(tokens) : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
}

/** The signed-in callers of a module's route tests, and their tenants. */
export interface TenantCallers {
  tenantId: string;
  otherTenantId: string;
  /** Tenant A's user with `permissions.admin`. */
  admin: TestTokens;
  /** Tenant A's user with `permissions.viewer`. */
  viewer: TestTokens;
  /** Tenant B's user with `permissions.admin`, for the two-tenant checks. */
  otherTenantAdmin: TestTokens;
}

/**
 * Two fresh tenants and three signed-in users who hold their permissions directly: an
 * administrator and a viewer of tenant A, and an administrator of tenant B.
 */
export async function signInTenantCallers(
  t: TestApp,
  permissions: { admin: string[]; viewer: string[] },
): Promise<TenantCallers> {
  const g = given(t.database.db);
  const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const [adminA, viewerA, adminB] = await Promise.all([
    g.user({ tenantId: tenantA.id, permissions: permissions.admin }),
    g.user({ tenantId: tenantA.id, permissions: permissions.viewer }),
    g.user({ tenantId: tenantB.id, permissions: permissions.admin }),
  ]);
  const [admin, viewer, otherTenantAdmin] = await Promise.all([
    signIn(t, adminA),
    signIn(t, viewerA),
    signIn(t, adminB),
  ]);
  return { tenantId: tenantA.id, otherTenantId: tenantB.id, admin, viewer, otherTenantAdmin };
}

/** POST /connect/token/revocation as the SPA sends it on sign-out. */
export function revokeToken(
  t: TestApp,
  token: string,
  hint: 'access_token' | 'refresh_token',
  clientId = 'branded',
) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token/revocation',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, token_type_hint: hint, client_id: clientId }).toString(),
  });
}
