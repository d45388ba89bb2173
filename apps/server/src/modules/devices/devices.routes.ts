import {
  zDevice,
  zDeviceActivationCode,
  zDeviceBatchRequest,
  zDeviceBatchResult,
  zDeviceList,
  zDeviceListRequest,
  zDeviceSummary,
  zDeviceOrganizationOptions,
  zDeviceProductOptions,
  zIdParams,
  zRegisterDeviceRequest,
  zUpdateDeviceRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import {
  changeDevice,
  getDevice,
  listDevices,
  listOrganizationOptions,
  listProductOptions,
  registerDevice,
  removeDevice,
  summarizeDevices,
} from './devices.service';
import { registerDeviceBatch } from './device-batch.service';
import { requestContext } from '../../platform/http/request-context';
import { registerListExport } from '../../platform/export/list-export';
import { createActivationCodeProtection } from './activation-codes';
import {
  listActivationCodeLabels,
  type ActivationCodeLabel,
  readActivationCode,
  renewActivationCode,
} from './activation-codes.service';

/** The device registry: watches of the caller's tenant. Every route declares its permission. */
export const devicesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const tags = ['devices'];
  const codes = createActivationCodeProtection(deps.config.cprEncryptionKey);

  app.get(
    '/api/devices',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: 'Devices of the caller’s tenant, paged, sorted and filtered (status, battery, organization)',
        querystring: zDeviceListRequest,
        response: { 200: zDeviceList },
      },
    },
    async (request) => listDevices(requestContext(request, deps), request.query),
  );

  app.get(
    '/api/devices/summary',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: 'Active and inactive devices, and the count per status',
        response: { 200: zDeviceSummary },
      },
    },
    async (request) => summarizeDevices(requestContext(request, deps)),
  );

  app.get(
    '/api/devices/organization-options',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: 'The organizations a device can belong to (pickers and filters)',
        response: { 200: zDeviceOrganizationOptions },
      },
    },
    async (request) => listOrganizationOptions(requestContext(request, deps)),
  );

  app.get(
    '/api/devices/product-options',
    {
      config: { permission: 'Homeward.Devices' },
      schema: {
        tags,
        summary: 'The device families a watch can be registered as (the product picker)',
        response: { 200: zDeviceProductOptions },
      },
    },
    async (request) => listProductOptions(requestContext(request, deps)),
  );

  app.get(
    '/api/devices/:id',
    {
      config: { permission: 'Homeward.Devices' },
      schema: { tags, summary: 'One device', params: zIdParams, response: { 200: zDevice } },
    },
    async (request) => getDevice(requestContext(request, deps), request.params.id),
  );

  app.post(
    '/api/devices',
    {
      config: { permission: 'Homeward.Devices.Create' },
      schema: {
        tags,
        summary: 'Register a watch in the caller’s tenant and one of its organizations',
        description:
          'A Stella ID without the product’s prefix answers 409 (devices:stellaIdPrefixMismatch) unless acceptStellaIdPrefixMismatch is true.',
        body: zRegisterDeviceRequest,
        response: { 201: zDevice },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerDevice(requestContext(request, deps), request.body, codes)),
  );

  app.post(
    '/api/devices/batch',
    {
      config: { permission: 'Homeward.Devices.BatchCreate' },
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Register the watches of a CSV file; reports what each line created or why it was refused',
        body: zDeviceBatchRequest,
        response: { 200: zDeviceBatchResult },
      },
    },
    async (request) => registerDeviceBatch(requestContext(request, deps), request.body, codes),
  );

  app.get(
    '/api/devices/:id/activation-code',
    {
      config: { permission: 'Homeward.Devices.ActivationCodes' },
      schema: {
        tags,
        summary: 'The activation code printed on the watch’s box',
        params: zIdParams,
        response: { 200: zDeviceActivationCode },
      },
    },
    async (request) => readActivationCode(requestContext(request, deps), request.params.id, codes),
  );

  app.post(
    '/api/devices/:id/activation-code',
    {
      config: { permission: 'Homeward.Devices.ActivationCodes' },
      schema: {
        tags,
        summary: 'A new activation code (the old one stops working); a returned watch is back in stock',
        params: zIdParams,
        response: { 200: zDeviceActivationCode },
      },
    },
    async (request) => renewActivationCode(requestContext(request, deps), request.params.id, codes),
  );

  app.put(
    '/api/devices/:id',
    {
      config: { permission: 'Homeward.Devices.Edit' },
      schema: {
        tags,
        summary: 'Rename a device or move it to another organization',
        params: zIdParams,
        body: zUpdateDeviceRequest,
        response: { 200: zDevice },
      },
    },
    async (request) => changeDevice(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/api/devices/:id',
    {
      config: { permission: 'Homeward.Devices.Delete' },
      schema: { tags, summary: 'Delete a device (a product instance)', params: zIdParams },
    },
    async (request, reply) => {
      await removeDevice(requestContext(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );

  registerListExport(app, deps, {
    url: '/api/devices/export',
    permission: 'Homeward.Devices',
    tags,
    querystring: zDeviceListRequest,
    fileName: 'devices',
    columns: [
      { headerKey: 'devices:name', value: (device) => device.name },
      { headerKey: 'devices:imei', value: (device) => device.imei },
      { headerKey: 'devices:status', value: (device) => device.status },
      { headerKey: 'devices:organization', value: (device) => device.organizationName ?? '' },
      { headerKey: 'devices:battery', value: (device) => device.battery ?? '' },
      {
        headerKey: 'devices:lastSeen',
        value: (device) => (device.lastSeenAt ? new Date(device.lastSeenAt) : ''),
      },
      { headerKey: 'devices:serialNumber', value: (device) => device.serialNumber ?? '' },
      { headerKey: 'devices:stellaId', value: (device) => device.stellaId ?? '' },
      { headerKey: 'devices:created', value: (device) => new Date(device.createdAt) },
    ],
    fetchPage: listDevices,
  });

  // Box labels: the same filters as the list, each watch with its activation code.
  registerListExport<Parameters<typeof listDevices>[1], ActivationCodeLabel>(app, deps, {
    url: '/api/devices/activation-codes/export',
    permission: 'Homeward.Devices.ActivationCodes',
    tags,
    querystring: zDeviceListRequest,
    fileName: 'activation-codes',
    columns: [
      { headerKey: 'devices:imei', value: (label) => label.imei },
      { headerKey: 'devices:serialNumber', value: (label) => label.serialNumber ?? '' },
      { headerKey: 'devices:name', value: (label) => label.name },
      { headerKey: 'devices:activationCode', value: (label) => label.activationCode },
    ],
    fetchPage: (ctx, query) => listActivationCodeLabels(ctx, query, codes),
  });
};
