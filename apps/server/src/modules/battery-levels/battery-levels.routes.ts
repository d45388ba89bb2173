import { zBatteryLevelRequest, zBatteryLevels, zIdParams } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import { getBatteryLevels } from './battery-levels.service';

/** battery-levels (spec §7): a watch's battery over a day, week or month; the device list's permission. */
export const batteryLevelsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/devices/:id/battery-levels',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags: ['devices'],
        summary: 'A watch’s battery over a period, from its stored reports, in at most 500 points',
        params: zIdParams,
        querystring: zBatteryLevelRequest,
        response: { 200: zBatteryLevels },
      },
    },
    async (request) => getBatteryLevels(requestContext(request, deps), request.params.id, request.query),
  );
};
