import { zLiveMap } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import { getLiveMap } from './live-map.service';

/** live-map (issue 21): every citizen the user may see, at their watch's last position; the citizens permission. */
export const liveMapRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/live-map',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags: ['citizens'],
        summary:
          'Every citizen of the tenant with their watch’s live state and open alarms, for the live map',
        response: { 200: zLiveMap },
      },
    },
    async (request) => getLiveMap(requestContext(request, deps)),
  );
};
