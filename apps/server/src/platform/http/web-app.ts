import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors/error-handler';
import type { ErrorMessages } from '../i18n/error-messages';
import { findStaticFile, sendStaticFile } from './static-files';

/** Paths that belong to the server; an unknown one is a JSON 404, never the SPA. */
const SERVER_PREFIXES = ['/api', '/connect', '/.well-known'];

export function isServerPath(urlPath: string): boolean {
  return SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

/** Vite puts content-hashed files under /assets, so they never change under the same name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed bundles, so browsers revalidate it (and other files) every time. */
export const REVALIDATE_CACHE = 'no-cache';

export const WEB_NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.';

/**
 * Serves the built SPA from WEB_DIST_DIR: files as they are, and `index.html` for every other GET
 * that is not a server path, so client routes such as `/organizaitons` load the app. Unknown server
 * paths and other methods get the JSON 404. A missing build is not fatal: the API keeps working and
 * pages explain how to build (checked per request, so a build made later is picked up).
 */
export function registerWebApp(app: FastifyInstance, webDistDir: string, messages: ErrorMessages): void {
  const root = path.resolve(webDistDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`WEB_DIST_DIR ${root} has no index.html; run \`npm run build\` to serve the web app`);
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isServerPath(urlPath)) return sendError(request, reply, { code: 'not_found' }, messages);

    const file = urlPath === '/' ? undefined : await findStaticFile(root, urlPath);
    if (file && file !== indexFile) {
      const isAsset = path.relative(root, file).split(path.sep)[0] === 'assets';
      return sendStaticFile(request, reply, file, isAsset ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    }
    // A missing hashed asset is a real 404: answering HTML would break the browser's module loader.
    if (urlPath.startsWith('/assets/')) return sendError(request, reply, { code: 'not_found' }, messages);
    if (!existsSync(indexFile)) {
      return reply
        .status(503)
        .header('cache-control', REVALIDATE_CACHE)
        .type('text/plain; charset=utf-8')
        .send(WEB_NOT_BUILT_MESSAGE);
    }
    return sendStaticFile(request, reply, indexFile, REVALIDATE_CACHE);
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, { code: 'not_found' }, messages));
}
