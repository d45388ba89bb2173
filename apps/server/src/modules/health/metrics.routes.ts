import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { renderMetrics, type MetricsRegistry } from '../../platform/metrics/metrics';

export interface MetricsRoutesOptions {
  /** METRICS_TOKEN: unset, the main port does not serve metrics at all. */
  token?: string;
  /** The counters served: the app's (`buildApp`), and any counted apart from it. */
  registries: readonly MetricsRegistry[];
}

/** Constant-time comparison of the presented bearer token with the configured one. */
function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const presented = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * `GET /metrics` on the main port: this node's counters in the Prometheus text format, only for a
 * scraper presenting METRICS_TOKEN. Without a token configured the path is unknown here (404), and
 * the counters are on the internal listener (METRICS_PORT on METRICS_HOST, loopback by default):
 * counts of traffic by outcome are no one's business outside the operator's network.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, options) => {
  const { token, registries } = options;
  if (!token) return;
  app.get(
    '/metrics',
    // No `permission`: the bearer here is the metrics token, not a user's access token to resolve.
    { schema: { hide: true } },
    async (request, reply) => {
      if (!isMetricsToken(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      }
      return reply
        .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMetrics(registries));
    },
  );
};
