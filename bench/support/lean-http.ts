/**
 * The benches' HTTP load client: keep-alive sockets with one request in flight on each, requests
 * written as ready text, and of each answer only the status code and the body's length read. The
 * load generator shares the 2-core machine with the server and the database, and Node's own client
 * (URL parsing, header objects, the agent's pool) took about a third of a core at 4,000 requests/s;
 * real watches spend none of the server machine's CPU. Answers must carry `Content-Length` (every
 * answer of the OsmAnd gateway does); anything else fails the request, so it shows in the figures.
 */
import { connect, type Socket } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

interface Pending {
  resolve: (status: number) => void;
  reject: (error: Error) => void;
}

/** One keep-alive connection; `request` must not be called again before the previous one settled. */
class LeanConnection {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  closed = false;

  constructor(port: number, host: string) {
    this.socket = connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  request(head: string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(head);
    });
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      this.destroy();
      return;
    }
    const end = headerEnd + HEADER_END.length + Number(length[1]);
    if (this.buffered.length < end) return;
    const status = Number(head.slice(9, 12));
    this.buffered = this.buffered.subarray(end);
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(status);
  }

  private fail(error: Error): void {
    this.closed = true;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }
}

/**
 * Up to `connections` keep-alive connections to `baseUrl`; `send(method, pathAndQuery)` resolves
 * with the answer's status code. Requests wait for a free connection, as with Node's agent; a
 * connection that failed is replaced by a new one.
 */
export function leanHttpClient(baseUrl: string, connections: number) {
  const { hostname, port } = new URL(baseUrl);
  const hostHeader = `Host: ${hostname}:${port}\r\n`;
  const idle: LeanConnection[] = [];
  const all = new Set<LeanConnection>();
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<LeanConnection> {
    for (;;) {
      const connection = idle.pop();
      if (connection && !connection.closed) return connection;
      if (connection) continue;
      if (all.size < connections) {
        const opened = new LeanConnection(Number(port), hostname);
        all.add(opened);
        return opened;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  async function send(method: string, pathAndQuery: string): Promise<number> {
    const connection = await acquire();
    try {
      const status = await connection.request(
        `${method} ${pathAndQuery} HTTP/1.1\r\n${hostHeader}Content-Length: 0\r\n\r\n`,
      );
      idle.push(connection);
      return status;
    } catch (error) {
      all.delete(connection);
      connection.destroy();
      throw error;
    } finally {
      waiting.shift()?.();
    }
  }

  return {
    send,
    close: () => {
      for (const connection of all) connection.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
