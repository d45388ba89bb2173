import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves files from a folder. @fastify/static would do this, but it cannot load in this install
 * (its dependency @fastify/send is missing from the lockfile); what we need is small: the types
 * Vite and Swagger UI emit, ETags for revalidation, and no escaping the folder.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The file for a URL path inside `root`, or undefined when the path leaves it or names no file. */
export async function findStaticFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one file with its type, length, a weak ETag (size and mtime), and 304 on a match. */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const info = await stat(file);
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', info.mtime.toUTCString())
    .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.header('content-length', info.size);
  return reply.send(createReadStream(file));
}
