import type { Socket } from 'node:net';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { MetricsRegistry } from '../../../platform/metrics/metrics';
import { ConnectionLimit, DEFAULT_MAX_CONNECTIONS_PER_IP } from '../connection-limit';
import type { DeviceReportSink } from '../device-report-sink';
import { SILENT_LOGGER, type GatewayLogger } from '../gateway-logger';
import { createGatewayMetrics, type GatewayMetrics } from '../gateway-metrics';
import { handleOsmAndRequest } from './osmand-request';

/** Traccar's limit for OsmAnd bodies. */
export const OSMAND_BODY_LIMIT_BYTES = 64 * 1024;
export const OSMAND_API_PATH = '/api/gateway/osmand';

export interface OsmAndRoutesOptions {
  sink: DeviceReportSink;
  /** Where reports and bad requests are counted (the app's metrics). */
  metrics: GatewayMetrics;
  /** Where the gateway answers; any path (`/*`) on the standalone port. */
  url?: string;
  logger?: GatewayLogger;
  clock?: () => Date;
}

/**
 * The OsmAnd HTTP gateway as a Fastify plugin: any method, no sign-in (the sink checks the device
 * identifier), outside a request transaction (the sink owns its writes) and out of the audit log
 * (device traffic is not a user's action). The plugin reads every body as text itself, so a bad
 * body is a 400 with its reason, never a parser's 500.
 */
export const osmandRoutes: FastifyPluginAsync<OsmAndRoutesOptions> = async (app, options) => {
  const logger = options.logger ?? SILENT_LOGGER;
  const clock = options.clock ?? (() => new Date());
  // Encapsulated: these parsers apply to this plugin's route only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: OSMAND_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: options.url ?? OSMAND_API_PATH,
    config: { permission: 'public', transaction: false, audit: false },
    handler: async (request, reply) => {
      const queryStart = request.url.indexOf('?');
      try {
        const response = await handleOsmAndRequest(
          {
            query: queryStart < 0 ? '' : request.url.slice(queryStart + 1),
            contentType: request.headers['content-type'],
            body: typeof request.body === 'string' ? request.body : undefined,
          },
          options.sink,
          clock(),
          options.metrics,
        );
        if (response.contentType) reply.header('content-type', response.contentType);
        return reply.status(response.status).send(response.body);
      } catch (error) {
        // The sink failed (database down): 503 so the client keeps the report and retries.
        logger.error({ err: error }, 'OsmAnd report handling failed');
        return reply
          .status(503)
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ error: { code: 'service_unavailable', message: 'Try again later' } }));
      }
    },
  });
};

export interface OsmAndServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * How long a slow client may hold the gateway's port. A phone sends one small request (at most 64
 * KiB) every few seconds to minutes: its headers arrive in one packet, its whole request well within
 * the request time even on a poor mobile link, and keep-alive lets a client that uploads its
 * buffered positions reuse the connection without holding it for long when it has nothing to send.
 */
export interface OsmAndTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  /** How often Node looks for connections past the header and request times. */
  checkIntervalMs: number;
}

export const OSMAND_TIMEOUTS: OsmAndTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 60_000,
  checkIntervalMs: 1_000,
};

/** The OsmAnd gateway on its own port (Traccar's 5055), answering on every path. */
export async function startOsmAndServer(options: {
  port: number;
  host?: string;
  sink: DeviceReportSink;
  logger?: GatewayLogger;
  clock?: () => Date;
  /** Open connections one address may hold (GATEWAY_MAX_CONNECTIONS_PER_IP). */
  maxConnectionsPerIp?: number;
  timeouts?: OsmAndTimeouts;
  /** Where reports, bad requests and refused connections are counted (the app's); its own unless given. */
  metrics?: GatewayMetrics;
}): Promise<OsmAndServer> {
  const timeouts = options.timeouts ?? OSMAND_TIMEOUTS;
  const metrics = options.metrics ?? createGatewayMetrics(new MetricsRegistry());
  const server = Fastify({
    logger: false,
    bodyLimit: OSMAND_BODY_LIMIT_BYTES,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  });
  const limit = new ConnectionLimit(
    'osmand',
    options.maxConnectionsPerIp ?? DEFAULT_MAX_CONNECTIONS_PER_IP,
    options.logger ?? SILENT_LOGGER,
    metrics,
  );
  server.server.on('connection', (socket: Socket) => limit.admit(socket));
  await server.register(osmandRoutes, {
    sink: options.sink,
    metrics,
    url: '/*',
    logger: options.logger,
    clock: options.clock,
  });
  await server.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => server.close(),
  };
}
