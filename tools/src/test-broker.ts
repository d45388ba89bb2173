import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claim the test broker puts the person's id in (its login name), besides `sub`. */
export const TEST_BROKER_IDENTITY_CLAIM = 'person_id';

export interface TestBroker {
  /** The issuer to configure as the tenant's broker (http on loopback). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A second, independent OpenID Connect provider (oidc-provider's development login: any login name
 * with any password, then a consent page) that stands in for a national eID broker in tests. The
 * person's id is the login name, given as `sub` and as `person_id` (in userinfo, as real brokers
 * carry such claims). `redirectUri` is Homeward's national-login callback.
 */
export async function startTestBroker(options: { redirectUri: string }): Promise<TestBroker> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'homeward';
  const clientSecret = 'test-broker-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub', TEST_BROKER_IDENTITY_CLAIM] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, [TEST_BROKER_IDENTITY_CLAIM]: id }) };
    },
    pkce: { required: () => true },
    cookies: { keys: ['test-broker-cookie-key'] },
  });
  // The development pages print a warning per start; this broker is for tests only.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
