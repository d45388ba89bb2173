import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsRegistry } from '../../platform/metrics/metrics';
import { RecordingReportSink } from '../../test/recording-report-sink';
import { createGatewayMetrics } from './gateway-metrics';
import { startOsmAndServer, type OsmAndServer } from './osmand/osmand-routes';
import { encodeWatchFrame } from './watch/watch-frame';
import { startWatchServer, type WatchServer } from './watch/watch-server';

/**
 * Slow and greedy clients on the gateways' own ports, over real TCP: idle watch connections are
 * closed after the configured time, one address holds at most the configured number of
 * connections, and the OsmAnd port drops a client that never finishes its request or idles on a
 * kept-alive connection. Short limits stand in for the production ones; every wait is for an event.
 */
interface Client {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server sent `text`. */
  waitFor(text: string): Promise<void>;
  /** Resolves when the connection is closed. */
  closed: Promise<void>;
}

/** What this file's servers count. */
const gatewayMetrics = createGatewayMetrics(new MetricsRegistry());
const clients: Socket[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await server.close();
});

async function open(port: number): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  clients.push(socket);
  let text = '';
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      resolve();
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  await new Promise((resolve) => socket.once('connect', resolve));
  return {
    socket,
    received: () => text,
    waitFor: async (wanted) => {
      while (!text.includes(wanted)) {
        if (socket.destroyed) throw new Error(`closed before ${wanted} arrived; got ${text}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    closed,
  };
}

async function watchServer(options: { idleTimeoutMs?: number; maxConnectionsPerIp?: number }) {
  const server: WatchServer = await startWatchServer({
    port: 0,
    host: '127.0.0.1',
    sink: new RecordingReportSink(),
    metrics: gatewayMetrics,
    ...options,
  });
  servers.push(server);
  return server;
}

const link = (id: string) => encodeWatchFrame({ manufacturer: '3G', deviceId: id }, 'LK,0,0,90');

describe('watch gateway', () => {
  it('closes a connection that sent nothing for the configured idle time', async () => {
    const server = await watchServer({ idleTimeoutMs: 300 });
    const watch = await open(server.port);
    watch.socket.write(link('4700186508'));
    await watch.waitFor('[3G*4700186508*0002*LK]');
    expect(server.isConnected('4700186508')).toBe(true);
    await watch.closed;
    expect(server.isConnected('4700186508')).toBe(false);
  });

  it('refuses connections from one address beyond the cap, and takes one again when one closes', async () => {
    const server = await watchServer({ maxConnectionsPerIp: 3 });
    const ids = ['4700000001', '4700000002', '4700000003'];
    const watches = await Promise.all(ids.map(() => open(server.port)));
    for (const [index, watch] of watches.entries()) {
      watch.socket.write(link(ids[index]!));
      await watch.waitFor(`[3G*${ids[index]}*0002*LK]`);
    }
    const refusedBefore = gatewayMetrics.refusedConnections('watch');
    const extra = await open(server.port);
    extra.socket.write(link('4700000004'));
    await extra.closed;
    expect(extra.received()).toBe('');
    expect(gatewayMetrics.refusedConnections('watch')).toBe(refusedBefore + 1);

    watches[0]!.socket.destroy();
    await watches[0]!.closed;
    while (server.connectionCount() > 2) await new Promise((resolve) => setImmediate(resolve));
    const next = await open(server.port);
    next.socket.write(link('4700000005'));
    await next.waitFor('[3G*4700000005*0002*LK]');
  });
});

async function osmandServer(options: Partial<Parameters<typeof startOsmAndServer>[0]>) {
  const server: OsmAndServer = await startOsmAndServer({
    port: 0,
    host: '127.0.0.1',
    sink: new RecordingReportSink(),
    metrics: gatewayMetrics,
    ...options,
  });
  servers.push(server);
  return server;
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: gateway\r\nConnection: keep-alive\r\n\r\n`;

describe('OsmAnd gateway port', () => {
  it('refuses connections from one address beyond the cap', async () => {
    const server = await osmandServer({ maxConnectionsPerIp: 2 });
    const phones = await Promise.all([open(server.port), open(server.port)]);
    for (const phone of phones) {
      phone.socket.write(request('/?id=353861053849681'));
      await phone.waitFor('HTTP/1.1 200');
    }
    const refusedBefore = gatewayMetrics.refusedConnections('osmand');
    const extra = await open(server.port);
    extra.socket.write(request('/?id=353861053849681'));
    await extra.closed;
    expect(extra.received()).toBe('');
    expect(gatewayMetrics.refusedConnections('osmand')).toBe(refusedBefore + 1);
  });

  it('closes a connection whose headers do not arrive in time, and an idle kept-alive one', async () => {
    const timeouts = { headersMs: 200, requestMs: 400, keepAliveMs: 200, checkIntervalMs: 50 };
    const server = await osmandServer({ timeouts });
    const slow = await open(server.port);
    slow.socket.write('GET /?id=353861053849681 HTTP/1.1\r\nHost: gateway\r\n');
    const idle = await open(server.port);
    idle.socket.write(request('/?id=353861053849681'));
    await idle.waitFor('HTTP/1.1 200');
    await Promise.all([slow.closed, idle.closed]);
    expect(slow.received()).not.toContain('200');
  });
});
