import {
  zIdParams,
  zVitalThresholds,
  zVitalThresholdsRequest,
  zVitals,
  zVitalsRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import { getVitalThresholds, getVitals, saveVitalThresholds } from './vitals.service';

const tags = ['citizens'];

/** vitals (issue 21): a citizen's heart rate, SpO2, blood pressure and temperature, and their limits. */
export const vitalsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/citizens/:id/vitals',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary:
          'A citizen’s vital readings over a period, each measure in at most 500 points, and the latest',
        params: zIdParams,
        querystring: zVitalsRequest,
        response: { 200: zVitals },
      },
    },
    async (request) => getVitals(requestContext(request, deps), request.params.id, request.query),
  );

  app.get(
    '/api/citizens/:id/vital-thresholds',
    {
      config: { permission: 'Homeward.Citizens' },
      schema: {
        tags,
        summary: 'A citizen’s vital thresholds (null: no limit)',
        params: zIdParams,
        response: { 200: zVitalThresholds },
      },
    },
    async (request) => getVitalThresholds(requestContext(request, deps), request.params.id),
  );

  app.put(
    '/api/citizens/:id/vital-thresholds',
    {
      config: { permission: 'Homeward.Citizens.Edit' },
      schema: {
        tags,
        summary: 'Save a citizen’s vital thresholds; a reading outside raises a vitals alarm',
        params: zIdParams,
        body: zVitalThresholdsRequest,
        response: { 200: zVitalThresholds },
      },
    },
    async (request) => saveVitalThresholds(requestContext(request, deps), request.params.id, request.body),
  );
};
