import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go plain: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the routes' answers (JSON, the server-rendered HTML pages, metrics) with brotli or gzip
 * when the client asks for it. Register before any route: the plugin attaches itself to each route
 * as it is declared. The web app's files come compressed at build time instead (web-app.ts), so no
 * CPU goes to them per request. Untouched: event streams (never buffered), WebSocket upgrades, and
 * what the OIDC provider writes itself under `/connect` (middleware, not routes).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // In the server's order of preference; deflate and zstd add nothing browsers lack.
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Compressed request bodies are not part of the API: inflating them would let a small upload
    // grow past the body limit's intent (a zip bomb), so they stay as sent.
    globalDecompression: false,
  });
}

/** What `varyOnAcceptEncoding` needs of a response: a raw one, or @fastify/static's view of it. */
interface ResponseHeaders {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
}

/** Adds `Accept-Encoding` to a response's Vary header, keeping what is already there. */
export function varyOnAcceptEncoding(res: ResponseHeaders): void {
  const current = res.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.some((field) => field === '*' || field.toLowerCase() === 'accept-encoding')) return;
  res.setHeader('vary', [...fields, 'Accept-Encoding'].join(', '));
}
