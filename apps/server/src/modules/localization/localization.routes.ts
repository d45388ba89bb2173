import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyNoResourceOverrides,
  etagMatches,
  getLocalizationResource,
  type ApplyResourceOverrides,
} from './localization.service';

export interface LocalizationRoutesOptions {
  applyOverrides?: ApplyResourceOverrides;
}

/** Five minutes: texts change rarely, and the ETag makes revalidation after that cheap. */
const CACHE_CONTROL = 'public, max-age=300';

const zTranslationResource = z.record(z.string(), z.unknown()).describe('Nested translation keys and texts');

export const localizationRoutes: FastifyPluginAsyncZod<LocalizationRoutesOptions> = async (app, options) => {
  const applyOverrides = options.applyOverrides ?? applyNoResourceOverrides;
  app.get(
    '/api/localization/:lng/:ns',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['localization'],
        summary: 'Translation resource of one language and namespace (i18next-http-backend)',
        params: z.object({ lng: z.string().max(16), ns: z.string().max(64) }),
        response: {
          200: zTranslationResource,
          304: z.void().describe('Not modified: the If-None-Match ETag is current'),
        },
      },
    },
    async (request, reply) => {
      const { resource, etag } = await getLocalizationResource(
        request.params.lng,
        request.params.ns,
        applyOverrides,
      );
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return resource;
    },
  );
};
