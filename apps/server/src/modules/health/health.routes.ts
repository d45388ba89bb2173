import { zHealthResponse } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth, type HealthDependencies } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<HealthDependencies> = async (app, deps) => {
  app.get(
    '/api/health',
    {
      // Outside a request transaction: health must answer (503) when the database cannot.
      config: { permission: 'public', transaction: false },
      schema: {
        tags: ['health'],
        summary: 'Database and MQTT state; 503 when the database is down',
        response: { 200: zHealthResponse, 503: zHealthResponse },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(deps);
      return reply
        .status(health.status === 'down' ? 503 : 200)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
};
