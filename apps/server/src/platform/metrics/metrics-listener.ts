import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderMetrics, type MetricsRegistry } from './metrics';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The internal metrics port (METRICS_PORT on METRICS_HOST, loopback by default): `GET /metrics`
 * and nothing else, apart from the public app, so a scraper needs no token and the counters never
 * reach the internet through the app's port. Serves the counters of `registries` (the app's).
 */
export async function startMetricsListener(
  host: string,
  port: number,
  registries: readonly MetricsRegistry[],
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/metrics') {
      response.writeHead(200, {
        'content-type': 'text/plain; version=0.0.4; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(renderMetrics(registries));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('Not found');
  });
  // A scraper asks every few seconds; nothing slow is allowed to hold a socket.
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
