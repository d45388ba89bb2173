import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { RecordingReportSink } from '../../../test/recording-report-sink';
import { startWatchServer, type WatchServer } from './watch-server';

/** A test client: collects what the server sends and knows when the server closed the socket. */
export class WatchClient {
  private received = '';
  private waiters: (() => void)[] = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.received += chunk.toString('latin1');
      for (const waiter of this.waiters.splice(0)) waiter();
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static open(port: number): Promise<WatchClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new WatchClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Resolves once the server sent `text` (the test's timeout bounds the wait). */
  async waitFor(text: string): Promise<string> {
    while (!this.received.includes(text)) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }

  /** Resolves once the server sent `text` `times` times in all (the test's timeout bounds the wait). */
  async waitForTimes(text: string, times: number): Promise<string> {
    while (this.received.split(text).length - 1 < times) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.received;
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(data, (error) => (error ? reject(error) : resolve())),
    );
  }
}

/**
 * A watch server for each test of the calling suite, on a free port, reporting to a recording sink
 * that knows the watches `identifiers`; `started` receives both before each test. After each test,
 * every client `open`ed is destroyed and the server closed. Returns `open`, which connects a client.
 */
export function useWatchServer(
  identifiers: string[],
  started: (world: { sink: RecordingReportSink; server: WatchServer }) => unknown,
): () => Promise<WatchClient> {
  let server: WatchServer | undefined;
  const clients: WatchClient[] = [];
  beforeEach(async () => {
    const sink = new RecordingReportSink(identifiers);
    server = await startWatchServer({ port: 0, host: '127.0.0.1', sink });
    started({ sink, server });
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.destroy();
    await server?.close();
  });
  return async () => {
    const client = await WatchClient.open(server!.port);
    clients.push(client);
    return client;
  };
}
