import { TENANT_FILTER_HEADER } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Database, DatabaseHandle } from '../db/database';
import { DomainError } from '../errors/domain-error';
import { resolveTenantScope, type TenantScope } from './tenant-scope';

/** The role API requests run as; row-level security applies to it (it owns no table). */
export const REQUEST_ROLE = 'homeward_app';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: run outside a request transaction (health, which must answer when the database does not). */
    transaction?: boolean;
  }
  interface FastifyRequest {
    /** The request's transaction, with its tenant scope set; use it for every query of the request. */
    db: Database | null;
    tenantScope: TenantScope;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A refusal whose writes must stay: a handler throws it when the request is refused but what it
 * wrote counts (a wrong activation code is a counted try). The transaction commits, then `refusal`
 * is answered as if thrown. Anything else thrown rolls the transaction back as usual.
 */
export class RefusalAfterCommit extends Error {
  constructor(readonly refusal: Error) {
    super(refusal.message);
    this.name = 'RefusalAfterCommit';
  }
}

/**
 * Runs every API handler in one transaction that sets the tenant scope with
 * `set_config(..., true)` (transaction-local, so nothing leaks to the next user of a pooled
 * connection) and switches to the non-owner request role, so row-level security filters every
 * query even where a repository forgot to. The reply is sent only after COMMIT, so a client never
 * sees an answer whose change is not yet visible. Installed on the root instance before any route.
 */
export function installRequestTransactions(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { rlsDisabledForBenchmark?: boolean } = {},
): void {
  app.decorateRequest('db', null);
  app.decorateRequest('tenantScope', { getter: () => ({ kind: 'host' }) as TenantScope });

  app.addHook('onRoute', (route) => {
    if (!route.config?.permission || route.config.transaction === false) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function inRequestTransaction(this: FastifyInstance, request, reply) {
      const filter = request.headers[TENANT_FILTER_HEADER];
      const scope = resolveTenantScope(request.auth, Array.isArray(filter) ? filter[0] : filter);
      if (scope.kind === 'all' && !READ_METHODS.has(request.method)) {
        throw new DomainError('bad_request', 'tenancy:allTenantsIsReadOnly');
      }
      Object.defineProperty(request, 'tenantScope', { value: scope, configurable: true });
      const deferred = deferSend(reply);
      let result: unknown;
      let refusal: RefusalAfterCommit | undefined;
      try {
        result = await database.db.transaction(async (tx) => {
          await applyTransactionScope(tx, {
            scope,
            userId: request.auth?.userId,
            requestId: (request as { auditLogId?: string }).auditLogId,
            restricted: !options.rlsDisabledForBenchmark,
          });
          request.db = tx;
          try {
            return await handler.call(this, request, reply);
          } catch (error) {
            if (!(error instanceof RefusalAfterCommit)) throw error;
            refusal = error;
            return undefined;
          } finally {
            request.db = null;
          }
        });
      } catch (error) {
        // Rolled back: the error handler must be able to send its answer.
        deferred.restore();
        throw error;
      }
      if (refusal) {
        deferred.restore();
        throw refusal.refusal;
      }
      return deferred.release(result);
    };
  });
}

/** What a transaction runs as: its tenant scope, whose action it is, and whether RLS applies. */
export interface TransactionScope {
  scope: TenantScope;
  userId?: string | null;
  requestId?: string | null;
  /** false only for the RLS benchmark: keep the owner role, so row-level security does not apply. */
  restricted?: boolean;
  /**
   * The transaction changes only devices' live columns (the ingest pipeline): the edit trigger on
   * `devices` skips its costly search for an edit (migration `ingest_live_state_trigger`).
   */
  liveStateOnly?: boolean;
}

/**
 * Sets the tenant scope of the current transaction with `set_config(..., true)` (transaction-local)
 * and switches to the non-owner request role, in one round trip (`set_config('role', ..., true)` is
 * SET LOCAL ROLE). Request transactions use it, and so does everything else that writes a tenant's
 * rows without a request (the telemetry pipeline), so row-level security checks them the same way.
 * JIT compilation is off in them: their statements are short, and a cost estimate from statistics
 * that lag a fast-growing table (the geofence trackings) crossed `jit_above_cost`, so compiling
 * took 9 ms for a statement that ran in 1.
 */
export async function applyTransactionScope(tx: Database, options: TransactionScope): Promise<void> {
  const { scope } = options;
  await tx.execute(sql`select
    set_config('app.tenant_scope', ${scope.kind}, true),
    set_config('app.tenant_id', ${scope.kind === 'tenant' ? scope.tenantId : ''}, true),
    set_config('app.user_id', ${options.userId ?? ''}, true),
    set_config('app.request_id', ${String(options.requestId ?? '')}, true),
    set_config('role', ${options.restricted === false ? 'none' : REQUEST_ROLE}, true),
    set_config('homeward.live_state_only', ${options.liveStateOnly ? 'on' : ''}, true),
    set_config('jit', 'off', true)`);
}

/**
 * Holds back `reply.send()` made inside the transaction and sends it after COMMIT. A handler that
 * returns its payload needs nothing: Fastify sends what the wrapper returns. A Reply is a thenable
 * that settles when the response is sent, so a handler returning `reply` would wait for a send we
 * are holding back: while held, its `then` settles at once, and the real one returns afterwards.
 */
function deferSend(reply: FastifyReply) {
  const send = reply.send.bind(reply);
  const replyWithThen = reply as unknown as { then?: unknown };
  let held: { payload: unknown } | undefined;
  reply.send = ((payload?: unknown) => {
    held = { payload };
    return reply;
  }) as FastifyReply['send'];
  replyWithThen.then = (fulfil?: (value: unknown) => unknown) => fulfil?.(undefined);
  const restore = () => {
    reply.send = send;
    delete replyWithThen.then;
  };
  return {
    restore,
    release(result: unknown) {
      restore();
      return held ? send(held.payload) : result;
    },
  };
}

/** The database handle for a query made while answering `request`: its transaction when it has one. */
export function requestDb(request: FastifyRequest, fallback: Database): Database {
  return request.db ?? fallback;
}
