import type { FastifyPluginAsync } from 'fastify';
import { renderMetrics } from '../../platform/metrics/metrics';

/**
 * `GET /metrics`: this node's counters in the Prometheus text format. Public like `/api/health`
 * (counts only, no personal data); keep it off the public internet with the reverse proxy.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    { config: { permission: 'public', transaction: false }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMetrics()),
  );
};
