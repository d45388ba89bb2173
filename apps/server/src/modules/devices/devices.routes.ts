import { zDevice, zDeviceList, zPagedRequest, zRegisterDeviceRequest } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { listDevices, registerDevice } from './devices.service';
import { requestContext } from '../../platform/http/request-context';

/** Watches: list and register. Every route declares its permission. */
export const devicesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/devices',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags: ['devices'],
        summary: 'Devices of the caller’s tenant, paged',
        querystring: zPagedRequest,
        response: { 200: zDeviceList },
      },
    },
    async (request) => listDevices(requestContext(request, deps), request.query),
  );

  app.post(
    '/api/devices',
    {
      config: { permission: 'Homeward.Devices.Create' },
      schema: {
        tags: ['devices'],
        summary: 'Register a watch by IMEI in the caller’s tenant',
        body: zRegisterDeviceRequest,
        response: { 201: zDevice },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerDevice(requestContext(request, deps), request.body)),
  );
};
