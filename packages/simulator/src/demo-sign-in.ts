import { OIDC_SCOPE } from '@homeward/contracts';

/** The password of every demo account (README "Demo data and logins"). */
export const DEMO_PASSWORD = 'Homeward!Demo1';

/**
 * An access token for a demo account through the real token endpoint (password grant of the
 * `branded` client), as the benches' clients use it.
 */
export async function demoAccessToken(
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'branded',
      scope: OIDC_SCOPE,
      username,
      password,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
