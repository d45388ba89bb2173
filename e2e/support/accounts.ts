/** A person a journey registers itself, unique per run so a database it ran on before is no obstacle. */
export interface JourneyPerson {
  userName: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

/** `first.suffix` with the full name `first last`, an e-mail at example.com and a policy-proof password. */
export function journeyPerson(first: string, last: string, suffix: string): JourneyPerson {
  return {
    userName: `${first.toLowerCase()}.${suffix}`,
    fullName: `${first} ${last}`,
    email: `${first.toLowerCase()}.${suffix}@example.com`,
    phoneNumber: '12345678',
    password: 'Journey-Password1!',
  };
}

/**
 * An access token by the password grant of `clientId` (`branded` or `plug-and-play`), for the
 * steps a journey does through the API rather than on screen; fails with "sign-in refused".
 */
export async function passwordGrant(
  baseUrl: string,
  clientId: string,
  userName: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username: userName,
      password,
      scope: 'openid profile email offline_access homeward',
    }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in refused: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A JSON request to the API with an optional bearer token; fails on an error status. */
export async function apiRequest(
  baseUrl: string,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}
