import {
  zConnectDeviceRequest,
  zConnectedDevice,
  zConnectedDeviceList,
  zDeviceModel,
  zDeviceModelRequest,
  zIdParams,
  zRenameConnectedDeviceRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import { createActivationCodeProtection } from '../devices';
import {
  checkDeviceModel,
  connectWatch,
  disconnectWatch,
  listConnectedDevices,
  renameConnectedDevice,
} from './device-connection.service';

/**
 * Connecting a watch to a household (plug-and-play, spec §7 "Device manage"). The activation code
 * travels only in request bodies, never in a URL, since URLs are logged and audited. Connecting
 * needs what adding a watch needs (Homeward.Devices.Create), renaming Edit, disconnecting Delete;
 * only a household may connect (the database function refuses any other tenant).
 */
export const deviceConnectionRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const tags = ['device-connection'];
  const codes = createActivationCodeProtection(deps.config.cprEncryptionKey);

  app.get(
    '/api/device-connection',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: 'The household’s watches (getAssignDeviceToUser)',
        response: { 200: zConnectedDeviceList },
      },
    },
    async (request) => listConnectedDevices(requestContext(request, deps)),
  );

  app.post(
    '/api/device-connection/model',
    {
      config: { permission: 'Homeward.Devices.Create' },
      schema: {
        tags,
        summary:
          'Which watch an IMEI and activation code name (getDeviceModel); a wrong code is a counted try',
        description:
          'An IMEI alone reveals nothing: an unknown IMEI answers like a wrong code. Five wrong codes for an IMEI within 15 minutes answer 429 for 15 minutes.',
        body: zDeviceModelRequest,
        response: { 200: zDeviceModel },
      },
    },
    async (request) => checkDeviceModel(requestContext(request, deps), request.body, codes),
  );

  app.post(
    '/api/device-connection',
    {
      config: { permission: 'Homeward.Devices.Create' },
      schema: {
        tags,
        summary: 'Connect a watch from stock to the caller’s household, with a name (assignDeviceToUser)',
        description:
          'A wrong code or an unknown IMEI answers 400 with a field error on activationCode; a watch in another household 400 on imei, without naming it; five wrong codes 429.',
        body: zConnectDeviceRequest,
        response: { 201: zConnectedDevice },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await connectWatch(requestContext(request, deps), request.body, codes)),
  );

  app.put(
    '/api/device-connection/:id',
    {
      config: { permission: 'Homeward.Devices.Edit' },
      schema: {
        tags,
        summary: 'Rename a watch of the household (updateDevice)',
        params: zIdParams,
        body: zRenameConnectedDeviceRequest,
        response: { 200: zConnectedDevice },
      },
    },
    async (request) =>
      renameConnectedDevice(requestContext(request, deps), request.params.id, request.body.name),
  );

  app.delete(
    '/api/device-connection/:id',
    {
      config: { permission: 'Homeward.Devices.Delete' },
      schema: {
        tags,
        summary: 'Disconnect a watch: it returns to its seller’s stock as awaiting return',
        params: zIdParams,
      },
    },
    async (request, reply) => {
      await disconnectWatch(requestContext(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );
};
