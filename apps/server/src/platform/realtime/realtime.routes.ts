import websocket from '@fastify/websocket';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  zRealtimeClientMessage,
  type RealtimeServerMessage,
} from '@homeward/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from '../db/database';
import type { RequestAuth } from '../auth/request-auth';
import { DomainError } from '../errors/domain-error';
import { resolveTenantScope, scopeTenantId, type TenantScope } from '../tenancy/tenant-scope';
import { RealtimeHub, type RealtimeSubscriber } from './realtime-hub';
import { parseRealtimePayload, REALTIME_CHANNEL } from './realtime-publish';

export interface RealtimeOptions {
  database: DatabaseHandle;
  authenticate(accessToken: string): Promise<RequestAuth | null>;
  /**
   * The organization units a user follows (their own and every unit below), empty when they are a
   * member of none; given by the organization-units module at composition.
   */
  findFollowedUnitIds(db: Database, tenantId: string | null, userId: string): Promise<string[]>;
  logger?: Logger;
}

/** WebSocket close codes of the channel (4000–4999 are the application's). */
const CLOSE = { unauthorized: 4401, forbidden: 4403, badRequest: 4400 } as const;

/**
 * `GET /api/realtime`: a WebSocket. The first message signs in with an access token (and a host
 * user's tenant filter); the server then pushes the events of `publishRealtime` that the user may
 * see, batched. Events arrive through the database's NOTIFY channel, so every API node pushes what
 * any node (or worker) published.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<RealtimeHub> {
  const hub = new RealtimeHub();
  const stopListening = await options.database.listen(REALTIME_CHANNEL, (payload) => {
    // Nobody on this node to push to (a gateway-heavy node, a dashboard-less hour): skip the parse,
    // which under ingest load is one of the node's larger costs. Pushes are live-only, never replayed.
    if (hub.size === 0) return;
    const events = parseRealtimePayload(payload, (unreadable) =>
      options.logger?.warn({ payload: unreadable.slice(0, 200) }, 'realtime: unreadable event dropped'),
    );
    for (const event of events) hub.dispatch(event);
  });
  app.addHook('onClose', async () => {
    await stopListening();
    hub.close();
  });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

  app.get(
    '/api/realtime',
    { websocket: true, config: { permission: 'public', transaction: false } },
    (socket) => {
      let subscriber: RealtimeSubscriber | undefined;
      const send = (message: RealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const refuse = (code: keyof typeof CLOSE, error: 'unauthorized' | 'forbidden' | 'bad_request') => {
        send({ type: 'error', code: error });
        socket.close(CLOSE[code]);
      };
      const authTimer = setTimeout(() => refuse('unauthorized', 'unauthorized'), REALTIME_AUTH_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(authTimer);
        if (subscriber) hub.remove(subscriber);
      });
      socket.once('message', (data) => {
        clearTimeout(authTimer);
        void signIn(String(data)).catch((error: unknown) => {
          options.logger?.error({ err: error }, 'realtime: sign-in failed');
          refuse('badRequest', 'bad_request');
        });
      });

      async function signIn(text: string): Promise<void> {
        const message = zRealtimeClientMessage.safeParse(safeJson(text));
        if (!message.success) return refuse('badRequest', 'bad_request');
        const auth = await options.authenticate(message.data.accessToken);
        if (!auth) return refuse('unauthorized', 'unauthorized');
        let scope: TenantScope;
        try {
          scope = resolveTenantScope(auth, message.data.tenantFilter);
        } catch (error) {
          if (error instanceof DomainError) return refuse('forbidden', 'forbidden');
          throw error;
        }
        const followed =
          scope.kind === 'tenant'
            ? await options.findFollowedUnitIds(options.database.db, scopeTenantId(scope), auth.userId)
            : [];
        if (socket.readyState !== socket.OPEN) return;
        subscriber = {
          userId: auth.userId,
          scope,
          // A user who is a member of no organization follows the whole tenant.
          organizationIds: followed.length > 0 && auth.tenantId !== null ? new Set(followed) : null,
          permissions: auth.permissions,
          send,
        };
        hub.add(subscriber);
        send({ type: 'ready' });
      }
    },
  );
  return hub;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
