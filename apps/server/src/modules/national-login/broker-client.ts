import * as client from 'openid-client';
import { NATIONAL_LOGIN_CALLBACK_PATH } from '@homeward/contracts';

/** What a sign-in through a broker needs of its configuration (the secret decrypted). */
export interface BrokerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  identityClaim: string;
}

/** What the callback must check: the request's state, PKCE verifier and nonce. */
export interface BrokerRequest {
  state: string;
  verifier: string;
  nonce: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A broker must be reached over https. Plain http is accepted only when Homeward itself runs on this
 * machine over http (development, tests) and the broker is on this machine too.
 */
export function isAcceptableIssuer(issuer: string, publicUrl: string): boolean {
  const broker = new URL(issuer);
  if (broker.protocol === 'https:') return true;
  const own = new URL(publicUrl);
  return (
    broker.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(broker.hostname) &&
    own.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(own.hostname)
  );
}

/** How long a broker's discovered metadata is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 5 * 60_000;

/**
 * The relying party towards national-ID brokers (openid-client): authorization code flow with PKCE
 * S256, state and nonce; the person's id read from the configured claim of the ID token, or of the
 * userinfo answer when the ID token does not carry it. Discovery answers are kept per issuer and
 * client for five minutes, in this instance (one per app).
 */
export function createBrokerClient(options: { publicUrl: string }) {
  const redirectUri = `${options.publicUrl}${NATIONAL_LOGIN_CALLBACK_PATH}`;
  const discovered = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  function configurationOf(settings: BrokerSettings): Promise<client.Configuration> {
    const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
    const cached = discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const insecure = new URL(settings.issuer).protocol === 'http:';
    const configuration = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    discovered.set(key, { at: Date.now(), configuration });
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => discovered.delete(key));
    return configuration;
  }

  return {
    redirectUri,

    /** The broker's authorization address for a new sign-in, and what its callback must check. */
    async start(settings: BrokerSettings): Promise<{ url: string; request: BrokerRequest }> {
      const configuration = await configurationOf(settings);
      const request = {
        state: client.randomState(),
        verifier: client.randomPKCECodeVerifier(),
        nonce: client.randomNonce(),
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(request.verifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
      });
      return { url: url.href, request };
    },

    /**
     * Redeems the broker's answer (`callbackUrl`, the full address it sent the browser to) and returns
     * the person's id, or undefined when the broker's tokens carry none. Throws when the answer is an
     * error or does not verify (state, nonce, issuer, signature).
     */
    async finish(
      settings: BrokerSettings,
      callbackUrl: URL,
      request: BrokerRequest,
    ): Promise<string | undefined> {
      const configuration = await configurationOf(settings);
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      let value = claims[settings.identityClaim];
      if (value === undefined) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        value = info[settings.identityClaim];
      }
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    },
  };
}

export type BrokerClient = ReturnType<typeof createBrokerClient>;
