import {
  zIdParams,
  zSaveWifiNetworkRequest,
  zWifiNetwork,
  zWifiNetworkListRequest,
  zWifiNetworkListResponse,
  zWifiNetworkMacParams,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import { registerListExport } from '../../platform/export/list-export';
import * as service from './wifi-networks.service';

const tags = ['wifi'];
const BASE = '/api/wifis';

/** Wi-Fi networks of the caller's tenant (spec §7 "Wi-Fi: list, create, by-mac, update, delete by id"). */
export const wifiNetworksRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.WifiNetworks' },
      schema: {
        tags,
        summary: 'Wi-Fi networks (search, type and trust filters, paging, sorting)',
        querystring: zWifiNetworkListRequest,
        response: { 200: zWifiNetworkListResponse },
      },
    },
    async (request) => service.listWifiNetworks(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/by-mac/:mac`,
    {
      config: { permission: 'Homeward.WifiNetworks' },
      schema: {
        tags,
        summary: 'The network with this MAC address, in any spelling',
        params: zWifiNetworkMacParams,
        response: { 200: zWifiNetwork },
      },
    },
    async (request) => service.getWifiNetworkByMac(requestContext(request, deps), request.params.mac),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.WifiNetworks.Create' },
      schema: {
        tags,
        summary: 'Create a Wi-Fi network (the MAC address is unique in the tenant)',
        body: zSaveWifiNetworkRequest,
        response: { 201: zWifiNetwork },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createWifiNetwork(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.WifiNetworks.Edit' },
      schema: {
        tags,
        summary: 'Update a Wi-Fi network',
        params: zIdParams,
        body: zSaveWifiNetworkRequest,
        response: { 200: zWifiNetwork },
      },
    },
    async (request) =>
      service.updateWifiNetwork(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.WifiNetworks.Delete' },
      schema: { tags, summary: 'Delete a Wi-Fi network', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteWifiNetwork(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  registerListExport(app, deps, {
    url: `${BASE}/export`,
    permission: 'Homeward.WifiNetworks',
    tags,
    querystring: zWifiNetworkListRequest,
    fileName: 'wifi-networks',
    columns: [
      { headerKey: 'wifi:macAddress', value: (network) => network.macAddress },
      { headerKey: 'wifi:ssid', value: (network) => network.ssid },
      { headerKey: 'wifi:displayName', value: (network) => network.displayName },
      { headerKey: 'wifi:address', value: (network) => network.address },
      { headerKey: 'wifi:type', value: (network) => network.type },
      { headerKey: 'wifi:trustLevel', value: (network) => network.trustLevel },
      { headerKey: 'wifi:latitude', value: (network) => network.latitude },
      { headerKey: 'wifi:longitude', value: (network) => network.longitude },
    ],
    fetchPage: service.listWifiNetworks,
  });
};
