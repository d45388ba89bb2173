import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors/error-handler';
import type { ErrorMessages } from '../i18n/error-messages';
import { varyOnAcceptEncoding } from './compression';

/**
 * Paths that belong to the server; an unknown one is a JSON 404, never the SPA (`/metrics` when the
 * main port does not serve metrics, see METRICS_TOKEN).
 */
const SERVER_PREFIXES = ['/api', '/connect', '/.well-known', '/metrics'];

export function isServerPath(urlPath: string): boolean {
  return SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

/** Vite puts content-hashed files under /assets, so they never change under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed bundles, so browsers revalidate it (and other files) every time. */
export const REVALIDATE_CACHE = 'no-cache';

export const WEB_NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.';

/** A `.br`/`.gz` beside a file is the build's compressed copy of it (apps/web/build/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;
/** Files of these kinds are sent compressed when the browser accepts it (built copies, else on the fly). */
const COMPRESSIBLE_FILE = /\.(html|js|mjs|css|json|map|svg|txt|xml|webmanifest)$/;

/**
 * Serves the built SPA from WEB_DIST_DIR with @fastify/static: files as they are (the build's brotli
 * or gzip copy when the browser accepts one), and `index.html` for every other GET that is not a
 * server path, so client routes such as `/organizaitons` load the app. Unknown server paths, missing
 * hashed assets and other methods get the JSON 404. A missing build is not fatal: the API keeps
 * working and pages explain how to build (checked per request, so a build made later is picked up).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  messages: ErrorMessages,
): Promise<void> {
  const root = path.resolve(webDistDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`WEB_DIST_DIR ${root} has no index.html; run \`npm run build\` to serve the web app`);
  }

  // A scope of its own, so the JavaScript type fix below applies to these files and the app's pages only.
  await app.register(async (files) => {
    serveJavaScriptAsText(files);
    await registerFiles(files, root);
    // Set here, where `sendFile` is decorated; it still answers every unmatched request of the app.
    files.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isServerPath(urlPath) &&
        // A missing hashed asset is a real 404: answering HTML would break the browser's module loader.
        !urlPath.startsWith('/assets/');
      if (!isPage) return sendError(request, reply, { code: 'not_found' }, messages);
      if (!existsSync(indexFile)) {
        return reply
          .status(503)
          .header('cache-control', REVALIDATE_CACHE)
          .type('text/plain; charset=utf-8')
          .send(WEB_NOT_BUILT_MESSAGE);
      }
      // A client route: the app itself, with 200 (this handler starts from 404).
      return reply.status(200).sendFile('index.html');
    });
  });
}

/** The build's files; `.br`/`.gz` copies beside them are sent instead when the browser accepts one. */
async function registerFiles(files: FastifyInstance, root: string): Promise<void> {
  await files.register(fastifyStatic, {
    root,
    preCompressed: true,
    // One policy per kind of file (setHeaders), rather than send's one policy for every file.
    cacheControl: false,
    setHeaders: (res, file) => {
      const served = file.replace(COMPRESSED_COPY, '');
      const isAsset = path.relative(root, served).split(path.sep)[0] === 'assets';
      res.setHeader('cache-control', isAsset ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      // The same URL answers brotli, gzip or plain bytes by Accept-Encoding; caches must keep them apart.
      if (COMPRESSIBLE_FILE.test(served)) varyOnAcceptEncoding(res);
    },
  });
}

/**
 * @fastify/static names JavaScript `application/javascript` (the mime 3 table inside @fastify/send);
 * HTML and RFC 9239 name it `text/javascript`, which is what browsers and our tests expect.
 */
export function serveJavaScriptAsText(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/javascript')) {
      reply.header('content-type', type.replace('application/javascript', 'text/javascript'));
    }
    return payload;
  });
}
