import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { requireAuth } from '../auth/request-auth';
import { requestDb } from '../tenancy/request-transaction';
import { scopeTenantId } from '../tenancy/tenant-scope';
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

/** What `requestContext` takes of the app's parts (a module's `ModuleDependencies` has them). */
export interface RequestContextDependencies {
  database: { db: Database };
  authorizations: Pick<UserAuthorizationCache, 'invalidate'>;
}

export function requestContext(request: FastifyRequest, deps: RequestContextDependencies): RequestContext {
  const auth = requireAuth(request);
  return {
    // The request's transaction (tenant scope and row-level security set) whenever it has one.
    db: requestDb(request, deps.database.db),
    userId: auth.userId,
    userName: auth.userName,
    // The scope's tenant: the caller's own, or the one a permitted host user filters to (the
    // all-zero uuid for the read-only All tenants view).
    tenantId: request.db ? scopeTenantId(request.tenantScope) : auth.tenantId,
    permissions: auth.permissions,
    clientId: auth.clientId ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    authorizations: deps.authorizations,
    now: () => new Date(),
  };
}
