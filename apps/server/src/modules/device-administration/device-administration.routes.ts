import {
  zAdministeredDevice,
  zAdministeredDeviceList,
  zAdministeredDeviceListRequest,
  zChangePhysicalLocationRequest,
  zDeviceHistoryList,
  zDeviceHistoryRequest,
  zExchangeCandidatesRequest,
  zExchangeDeviceRequest,
  zExchangeDeviceResponse,
  zIdParams,
  zStopDeviceRequest,
  zUpdateDeviceConditionRequest,
  zUpdateDeviceSaleRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './device-administration.service';
import { exchangeDevice, listExchangeCandidates } from './device-exchange.service';
import { stopDevice } from './device-stops.service';

const tags = ['device-administration'];
const BASE = '/api/device-administration/devices';
const READ = 'Homeward.DeviceAdministration';
const EDIT = 'Homeward.DeviceAdministration.Edit';

/**
 * Device administration (spec §4, issue 19): the watches of the caller's tenant with their physical
 * location, sale state and history; stops and exchanges. The host reads every tenant's under the
 * "All" tenant filter (read-only: writes there are refused for the whole app).
 */
export const deviceAdministrationRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Watches with physical location and sale state (search, filters, paging, sorting)',
        querystring: zAdministeredDeviceListRequest,
        response: { 200: zAdministeredDeviceList },
      },
    },
    async (request) => service.listAdministeredDevices(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: READ },
      schema: { tags, summary: 'One watch', params: zIdParams, response: { 200: zAdministeredDevice } },
    },
    async (request) => service.getAdministeredDevice(requestContext(request, deps), request.params.id),
  );

  app.get(
    `${BASE}/:id/history`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "The watch's administration history, newest first",
        params: zIdParams,
        querystring: zDeviceHistoryRequest,
        response: { 200: zDeviceHistoryList },
      },
    },
    async (request) =>
      service.listDeviceHistory(requestContext(request, deps), request.params.id, request.query),
  );

  app.put(
    `${BASE}/:id/location`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Move the watch to another physical location (refused moves: 409 with the reason)',
        params: zIdParams,
        body: zChangePhysicalLocationRequest,
        response: { 200: zAdministeredDevice },
      },
    },
    async (request) => service.moveDevice(requestContext(request, deps), request.params.id, request.body),
  );

  app.put(
    `${BASE}/:id/sale`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Ready for sale, sales type, purchase date, owner and operator',
        params: zIdParams,
        body: zUpdateDeviceSaleRequest,
        response: { 200: zAdministeredDevice },
      },
    },
    async (request) =>
      service.updateDeviceSale(requestContext(request, deps), request.params.id, request.body),
  );

  app.put(
    `${BASE}/:id/condition`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'The condition with DIAG notes',
        params: zIdParams,
        body: zUpdateDeviceConditionRequest,
        response: { 200: zAdministeredDevice },
      },
    },
    async (request) =>
      service.updateDeviceCondition(requestContext(request, deps), request.params.id, request.body),
  );

  app.post(
    `${BASE}/:id/stop`,
    {
      config: { permission: 'Homeward.DeviceAdministration.Stop' },
      schema: {
        tags,
        summary: 'Stop the watch as lost, awaiting return, returned or customer device',
        params: zIdParams,
        body: zStopDeviceRequest,
        response: { 200: zAdministeredDevice },
      },
    },
    async (request) => stopDevice(requestContext(request, deps), request.params.id, request.body),
  );

  app.get(
    `${BASE}/:id/exchange-candidates`,
    {
      config: { permission: 'Homeward.DeviceAdministration.Exchange' },
      schema: {
        tags,
        summary: 'Stock watches that can replace this one (in stock, ready for sale, free)',
        params: zIdParams,
        querystring: zExchangeCandidatesRequest,
        response: { 200: zAdministeredDeviceList },
      },
    },
    async (request) =>
      listExchangeCandidates(requestContext(request, deps), request.params.id, request.query),
  );

  app.post(
    `${BASE}/:id/exchange`,
    {
      config: { permission: 'Homeward.DeviceAdministration.Exchange' },
      schema: {
        tags,
        summary: "Replace the citizen's watch with a stock watch, in one transaction",
        params: zIdParams,
        body: zExchangeDeviceRequest,
        response: { 200: zExchangeDeviceResponse },
      },
    },
    async (request) => exchangeDevice(requestContext(request, deps), request.params.id, request.body),
  );
};
