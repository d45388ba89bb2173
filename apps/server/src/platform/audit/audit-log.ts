import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { uuidv7 } from '../db/uuid-v7';
import {
  createAuditLogQueue,
  type AuditLogger,
  type AuditLogQueue,
  type QueuedAuditLog,
} from './audit-log-queue';
import { createGetRequestAuditing, type ReadGlobalSetting } from './auditing-settings';
import { redactCprNumbers } from '../logging/personal-numbers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: not recorded (device gateways, whose traffic is telemetry, not a user's action). */
    audit?: boolean;
  }
  interface FastifyInstance {
    /**
     * The audit-log writer. `flush()` stores every request whose response has been sent, including
     * one whose onResponse hook has not run yet (tests, graceful shutdown).
     */
    auditLog: Pick<AuditLogQueue, 'flush'>;
  }
  interface FastifyRequest {
    /**
     * This request's audit log id (uuid v7), made once in onRequest. The request transaction puts
     * it in `app.request_id`, so the entity changes its writes cause link to the audit entry.
     */
    auditLogId: string;
    /** When the request arrived (the audit entry's execution time). */
    auditStartedAt: Date | null;
    /** `Name: message` of the error that ended the request, if any. */
    auditException: string | null;
    /** Settles once this request's entry is queued; set when its response starts being sent. */
    auditRecorded: (() => void) | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_TEXT = 2000;

/**
 * Records every state-changing API request (and GETs when a setting says so) in the audit log,
 * off the request's hot path. Installed on the root instance before any route registers.
 */
export function installAuditLog(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; logger?: AuditLogger },
  readSetting: ReadGlobalSetting,
): void {
  const isGetAudited = createGetRequestAuditing(readSetting);
  const queue = createAuditLogQueue({
    db: deps.database.db,
    logger: deps.logger,
    // Read requests are queued always and dropped here, so the request never waits for a setting.
    select: async (entries) => {
      if (entries.every((entry) => !READ_METHODS.has(entry.httpMethod))) return entries;
      const keepGets = await isGetAudited();
      return entries.filter((entry) => keepGets || !READ_METHODS.has(entry.httpMethod));
    },
  });

  // A response can reach its client (an inject() can resolve) before onResponse queues the entry;
  // flush() first waits for those, so "sent" always means "flushable".
  const recording = new Set<Promise<void>>();
  app.decorate('auditLog', {
    flush: async () => {
      await Promise.all(recording);
      await queue.flush();
    },
  });
  app.decorateRequest('auditLogId', '');
  app.decorateRequest('auditStartedAt', null);
  app.decorateRequest('auditException', null);
  app.decorateRequest('auditRecorded', null);

  app.addHook('onRequest', async (request) => {
    // Device gateway traffic is never audited and runs no request transaction: no id to make.
    if (request.routeOptions.config?.audit === false) return;
    request.auditLogId = uuidv7();
    request.auditStartedAt = new Date();
  });

  app.addHook('onError', async (request, _reply, error) => {
    // Name and message only: a stack or a cause could carry secrets.
    request.auditException = truncate(`${error.name}: ${error.message}`);
  });

  // Each request is queued once, by whichever of onResponse and an early close comes first.
  const queued = new WeakSet<FastifyRequest>();
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    try {
      if (isAudited(request) && !queued.has(request)) {
        queued.add(request);
        queue.enqueue(auditEntryOf(request, reply.statusCode, reply.elapsedTime));
      }
    } finally {
      request.auditRecorded?.();
    }
  };

  app.addHook('onSend', async (request, reply) => {
    if (request.auditRecorded || !isAudited(request)) return;
    const recorded = new Promise<void>((resolve) => (request.auditRecorded = resolve));
    recording.add(recorded);
    void recorded.then(() => recording.delete(recorded));
    // A client that goes away mid-response (a page navigating on cancels its fetch) closes the
    // response without 'finish', and Fastify runs no onResponse for it: recorded here, or flush()
    // would wait for it forever.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) record(request, reply);
    });
    // A client gone before the answer was ready (its socket closed while the handler worked): the
    // response's 'close' has already happened and will not come again, so it is recorded now.
    if (reply.raw.destroyed && !reply.raw.writableFinished) record(request, reply);
  });

  app.addHook('onResponse', async (request, reply) => record(request, reply));

  // A normal shutdown loses nothing: what is still queued is written before the database closes.
  app.addHook('onClose', async () => {
    await queue.close();
  });
}

function isAudited(request: FastifyRequest): boolean {
  if (!isApiRequest(request) || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  return request.routeOptions.config?.audit !== false;
}

function isApiRequest(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/');
}

function auditEntryOf(request: FastifyRequest, statusCode: number, elapsedMs: number): QueuedAuditLog {
  const auth = request.auth;
  // A request refused by the authentication hook (which runs first) never reached ours.
  const startedAt = request.auditStartedAt ?? new Date(Date.now() - elapsedMs);
  const correlation = request.headers['x-correlation-id'];
  return {
    id: request.auditLogId || uuidv7(),
    tenantId: auth?.tenantId ?? null,
    userId: auth?.userId ?? null,
    userName: auth?.userName ?? null,
    impersonatorUserId: null,
    impersonatorTenantId: null,
    executionTime: startedAt,
    durationMs: Math.max(0, Math.round(elapsedMs)),
    httpMethod: request.method,
    url: truncate(redactCprNumbers(request.url)),
    statusCode,
    clientIp: request.ip ?? null,
    browserInfo: truncate(request.headers['user-agent'] ?? null),
    correlationId: truncate(
      (Array.isArray(correlation) ? correlation[0] : correlation) || request.auditLogId,
    ),
    exceptions: request.auditException,
  };
}

function truncate(text: string): string;
function truncate(text: string | null): string | null;
function truncate(text: string | null): string | null {
  return text && text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}
