import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  etagMatches,
  getLocalizationEtag,
  getLocalizationResource,
  noResourceOverrides,
  type ResourceOverrides,
} from './localization.service';

export interface LocalizationRoutesOptions {
  /** Text overrides from language management (`createTextOverrides(database)`); none when absent. */
  overrides?: ResourceOverrides;
}

/**
 * Always revalidate: an edited text must show on the next load, and the per-namespace ETag keeps
 * the revalidation a cheap 304 when nothing changed.
 */
const CACHE_CONTROL = 'no-cache';

const zTranslationResource = z.record(z.string(), z.unknown()).describe('Nested translation keys and texts');

export const localizationRoutes: FastifyPluginAsyncZod<LocalizationRoutesOptions> = async (app, options) => {
  const overrides = options.overrides ?? noResourceOverrides;
  app.get(
    '/api/localization/:lng/:ns',
    {
      // Outside a request transaction: texts are host data (no row-level security), read on the
      // shared handle by the overrides, and every page load asks for them.
      config: { permission: 'public', transaction: false },
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
      const { lng, ns } = request.params;
      const etag = await getLocalizationEtag(lng, ns, overrides);
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return getLocalizationResource(lng, ns, overrides);
    },
  );
};
