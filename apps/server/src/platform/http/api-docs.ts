import path from 'node:path';
import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serveJavaScriptAsText } from './web-app';

/** Swagger UI's files ship inside @fastify/swagger-ui; that plugin itself needs @fastify/static. */
const SWAGGER_UI_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
  'static',
);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Homeward API</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/static/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/static/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/**
 * Starts Swagger UI. A file of its own, not an inline script, so the Content-Security-Policy needs
 * no exception; no validator badge, which would call a third-party host.
 */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/**
 * The zod schemas as JSON schema, plus each operation's declared `config.permission` as
 * `x-permission` (`public`, `authenticated` or a catalogue name), so clients see what an operation
 * needs and the generated authorization suite (`test/api-probe/`) derives its expectations from the
 * route itself rather than from a hand-kept list.
 */
const withRoutePermission: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const permission = document.route.config?.permission;
  if (!permission) return transformed;
  return { ...transformed, schema: { ...transformed.schema, 'x-permission': permission } };
};

export interface ApiDocsOptions {
  title: string;
  version: string;
  serverUrl: string;
  /** API_DOCS: serve the document and the UI; the document is collected either way (tests read it). */
  serve: boolean;
}

/**
 * The OpenAPI document, generated from the routes' zod schemas, at `/api/docs/json`, and Swagger UI
 * at `/api/docs`. Register before any route so every route is collected.
 */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: options.title, version: options.version },
      servers: [{ url: options.serverUrl }],
    },
    transform: withRoutePermission,
  });

  if (!options.serve) return;
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/init.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_SCRIPT),
  );
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );
  // Unknown files fall through to the app's JSON 404.
  await app.register(async (files) => {
    serveJavaScriptAsText(files);
    await files.register(fastifyStatic, {
      root: SWAGGER_UI_DIR,
      prefix: '/api/docs/static/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
  });
}
