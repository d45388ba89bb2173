import { zCitizenRoute, zCitizenRouteRequest, zIdParams } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import { getCitizenRoute } from './citizen-route.service';

/** Route history (issue 21): where a citizen walked on one local day; the citizen page's permission. */
export const citizenRouteRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/citizens/:id/route',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags: ['citizens'],
        summary: 'A citizen’s track on one local day, with its stops and geofence exits and entries',
        params: zIdParams,
        querystring: zCitizenRouteRequest,
        response: { 200: zCitizenRoute },
      },
    },
    async (request) => getCitizenRoute(requestContext(request, deps), request.params.id, request.query),
  );
};
