import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A local XYZ tile server for tests, so no test fetches map tiles from the internet. It answers
 * `GET /{z}/{x}/{y}.png` with one small PNG, or with the status it was told to give (401 stands in
 * for a tile server refusing a configured key: the map shows "Error: AuthFailure").
 * `PUT /control/status/{code}` sets that status; 200 returns to serving tiles.
 */
export interface StubTileServer {
  /** The template for `MAP_TILE_URL`. */
  tileUrl: string;
  /** Where `/control/...` is. */
  baseUrl: string;
  setStatus(status: number): void;
  stop(): Promise<void>;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/** A 256×256 PNG in one pale colour, with a darker grid line so tile edges are visible. */
export function tilePng(): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y += 1) {
    const start = y * (1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const edge = x === 0 || y === 0;
      rows.set(edge ? [200, 205, 200] : [236, 240, 232], start + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startStubTileServer(options: { port?: number } = {}): Promise<StubTileServer> {
  const png = tilePng();
  let status = 200;
  const server: Server = createServer((request, response) => {
    // Tiles are fetched cross-origin by the map (and probed with fetch after an error).
    response.setHeader('Access-Control-Allow-Origin', '*');
    const control = /^\/control\/status\/(\d{3})$/.exec(request.url ?? '');
    if (control && request.method === 'PUT') {
      status = Number(control[1]);
      response.writeHead(204).end();
      return;
    }
    if (!/^\/\d+\/\d+\/\d+\.png$/.test((request.url ?? '').split('?')[0]!)) {
      response.writeHead(404).end();
      return;
    }
    if (status !== 200) {
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end('Unauthorized');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    tileUrl: `${baseUrl}/{z}/{x}/{y}.png`,
    setStatus: (next) => {
      status = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Tells a running stub (possibly in another process) which status to answer tiles with. */
export async function setStubTileStatus(baseUrl: string, status: number): Promise<void> {
  const response = await fetch(`${baseUrl}/control/status/${status}`, { method: 'PUT' });
  if (response.status !== 204) throw new Error(`stub tile server refused control: ${response.status}`);
}
