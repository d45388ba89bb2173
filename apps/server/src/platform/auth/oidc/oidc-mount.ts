import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { OIDC_MOUNT_PATH } from './oidc-provider';

/** Largest body the provider accepts (its forms are a few hundred bytes). */
export const OIDC_MAX_BODY_BYTES = 64 * 1024;

/** Response headers worth passing on from the provider's own discovery answer. */
const DISCOVERY_HEADERS = ['content-type', 'cache-control', 'access-control-allow-origin', 'vary'];

/**
 * Mounts the provider at /connect (its issuer path) through middie, so it reads the raw request
 * itself, and answers `/.well-known/openid-configuration` at the root too, with the same document.
 */
export async function mountOidcProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  // Token and revocation requests are small forms; refuse big ones before the provider reads them.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${OIDC_MOUNT_PATH}/`)) return;
    if (Number(request.headers['content-length'] ?? 0) > OIDC_MAX_BODY_BYTES) {
      return reply
        .status(413)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: 'request body too large' });
    }
  });
  await app.register(middie);
  app.use(OIDC_MOUNT_PATH, provider.callback());

  app.get('/.well-known/openid-configuration', { schema: { hide: true } }, async (request, reply) => {
    const answer = await app.inject({
      method: 'GET',
      url: `${OIDC_MOUNT_PATH}/.well-known/openid-configuration`,
      headers: {
        host: request.headers.host ?? 'localhost',
        ...(request.headers.origin ? { origin: request.headers.origin } : {}),
        ...(request.headers['x-forwarded-proto']
          ? { 'x-forwarded-proto': request.headers['x-forwarded-proto'] }
          : {}),
        ...(request.headers['x-forwarded-host']
          ? { 'x-forwarded-host': request.headers['x-forwarded-host'] }
          : {}),
      },
    });
    for (const name of DISCOVERY_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.body);
  });
}
