import { zAppConfiguration } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config/config';
import type { DatabaseHandle } from '../../platform/db/database';
import { listConfiguredLanguages } from '../languages';
import { loadClientVisibleSettings } from '../settings';
import { loadTenantFeatures } from '../tenants';
import { getAppConfiguration } from './app-configuration.service';
import { requestDb } from '../../platform/tenancy/request-transaction';

export interface AppConfigurationRoutesOptions {
  config: Config;
  appVersion: string;
  database: DatabaseHandle;
}

export const appConfigurationRoutes: FastifyPluginAsyncZod<AppConfigurationRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/app/configuration',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['configuration'],
        summary: 'Current user, grants, settings, features and languages for the web app',
        querystring: z.object({ lng: z.string().max(16).optional() }),
        response: { 200: zAppConfiguration },
      },
    },
    async (request, reply) => {
      // Per user once sign-in exists, so shared caches must not keep it.
      reply.header('cache-control', 'no-store');
      const db = requestDb(request, options.database.db);
      const tenantId = request.auth?.tenantId ?? null;
      const features = await loadTenantFeatures(db, tenantId);
      const visibleSettings = await loadClientVisibleSettings(db, {
        tenantId,
        userId: request.auth?.userId ?? null,
      });
      const languages = await listConfiguredLanguages(db);
      return getAppConfiguration(
        options.config,
        options.appVersion,
        { lng: request.query.lng, acceptLanguage: request.headers['accept-language'], auth: request.auth },
        { features, visibleSettings, languages },
      );
    },
  );
};
