import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { requireAuth } from '../auth/request-auth';
import type { UserAuthorizationCache } from '../permissions/user-authorization';

/**
 * What a service needs of a request (STYLE: `ctx` first): the caller (whose tenant scopes every
 * query), the database, the authorization cache to invalidate, a clock and the client's address for
 * the security log.
 */
export interface RequestContext {
  db: Database;
  userId: string;
  userName: string;
  /** The caller's tenant; null for the host. Every read and write is limited to it. */
  tenantId: string | null;
  permissions: ReadonlySet<string>;
  clientId: string | null;
  ip: string | null;
  userAgent: string | null;
  authorizations: Pick<UserAuthorizationCache, 'invalidate'>;
  now: () => Date;
}

export function requestContext(
  request: FastifyRequest,
  deps: { database: { db: Database }; authorizations: Pick<UserAuthorizationCache, 'invalidate'> },
): RequestContext {
  const auth = requireAuth(request);
  return {
    db: deps.database.db,
    userId: auth.userId,
    userName: auth.userName,
    tenantId: auth.tenantId,
    permissions: auth.permissions,
    clientId: auth.clientId ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    authorizations: deps.authorizations,
    now: () => new Date(),
  };
}
