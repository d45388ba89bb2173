import { zDevice, zDeviceList, zPagedRequest, zRegisterDeviceRequest } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { listDevices, registerDevice } from './devices.service';
import { requestContext } from '../../platform/http/request-context';
import { registerListExport } from '../../platform/export/list-export';

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

  registerListExport(app, deps, {
    url: '/api/devices/export',
    permission: 'Homeward.Devices',
    tags: ['devices'],
    querystring: zPagedRequest,
    fileName: 'devices',
    columns: [
      { headerKey: 'devices:name', value: (device) => device.name },
      { headerKey: 'devices:imei', value: (device) => device.imei },
      { headerKey: 'devices:status', value: (device) => device.status },
      { headerKey: 'devices:created', value: (device) => new Date(device.createdAt) },
    ],
    fetchPage: listDevices,
  });
};
