import path from 'node:path';
import { createRequire } from 'node:module';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { findStaticFile, sendStaticFile } from './static-files';

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
    <script>
      window.ui = SwaggerUIBundle({
        url: '/api/docs/json',
        dom_id: '#swagger-ui',
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: 'StandaloneLayout',
      });
    </script>
  </body>
</html>
`;

export interface ApiDocsOptions {
  title: string;
  version: string;
  serverUrl: string;
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
    transform: jsonSchemaTransform,
  });

  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );
  app.get<{ Params: { '*': string } }>(
    '/api/docs/static/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await findStaticFile(SWAGGER_UI_DIR, request.params['*']);
      if (!file) return reply.callNotFound();
      return sendStaticFile(request, reply, file, 'public, max-age=86400');
    },
  );
}
