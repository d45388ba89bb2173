import { OIDC_SCOPE } from '@homeward/contracts';
import type { TestApp } from './build-test-app';

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
