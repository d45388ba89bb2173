import {
  zDeviceCommand,
  zDeviceCommandListRequest,
  zDeviceCommandListResponse,
  zDeviceMqttSecret,
  zDeviceTerminal,
  zIdParams,
  zSendDeviceCommandRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import type { CommandDelivery } from './command-delivery';
import * as service from './device-commands.service';

const tags = ['devices'];
const BASE = '/api/devices/:id';

/**
 * The device terminal (spec §7 "Terminal: info, send command"; "Product instances: requestPosition,
 * requestHistory"), for a device of the caller's tenant (404 otherwise).
 */
export const deviceCommandsRoutes: FastifyPluginAsyncZod<
  ModuleDependencies & {
    commandDelivery: Pick<CommandDelivery, 'isWatchConnected'>;
    /** Telemetry's lookup, passed in by `buildApp`. */
    findLastProtocol: service.FindLastProtocol;
  }
> = async (app, deps) => {
  app.get(
    `${BASE}/terminal`,
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: "The device's terminal info: identity, product, live state, channel, SIM number",
        params: zIdParams,
        response: { 200: zDeviceTerminal },
      },
    },
    async (request) =>
      service.getDeviceTerminal(
        requestContext(request, deps),
        request.params.id,
        deps.commandDelivery,
        deps.findLastProtocol,
      ),
  );

  app.get(
    `${BASE}/commands`,
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: "The device's commands, newest first, with their states",
        params: zIdParams,
        querystring: zDeviceCommandListRequest,
        response: { 200: zDeviceCommandListResponse },
      },
    },
    async (request) =>
      service.listDeviceCommands(requestContext(request, deps), request.params.id, request.query),
  );

  app.post(
    `${BASE}/commands`,
    {
      config: { permission: 'Homeward.Devices.SendCommand' },
      schema: {
        tags,
        summary: "Send a command from a template with its variables' values (queued, then delivered)",
        params: zIdParams,
        body: zSendDeviceCommandRequest,
        response: { 201: zDeviceCommand },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.sendDeviceCommand(requestContext(request, deps), request.params.id, request.body),
        ),
  );

  app.post(
    `${BASE}/request-position`,
    {
      config: { permission: 'Homeward.Devices.RequestPosition' },
      schema: {
        tags,
        summary: 'Ask the device for its position now (a watch: CR)',
        params: zIdParams,
        response: { 201: zDeviceCommand },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.requestPosition(requestContext(request, deps), request.params.id)),
  );

  app.post(
    `${BASE}/request-history`,
    {
      config: { permission: 'Homeward.Devices.RequestPosition' },
      schema: {
        tags,
        summary: 'Ask the device to upload the positions it stored (a watch: UPLOAD,60)',
        params: zIdParams,
        response: { 201: zDeviceCommand },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.requestHistory(requestContext(request, deps), request.params.id)),
  );

  app.post(
    `${BASE}/mqtt-secret`,
    {
      config: { permission: 'Homeward.Devices.Edit' },
      schema: {
        tags,
        summary: 'Issue a new MQTT secret for the device (shown once; the old one stops working)',
        params: zIdParams,
        response: { 201: zDeviceMqttSecret },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.issueMqttSecret(requestContext(request, deps), request.params.id)),
  );
};
