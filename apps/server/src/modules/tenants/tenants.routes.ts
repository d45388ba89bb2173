import {
  zCreateTenantRequest,
  zIdParams,
  zTenant,
  zTenantFeaturesResponse,
  zTenantListRequest,
  zTenantListResponse,
  zTenantLookupRequest,
  zTenantLookupResponse,
  zUpdateTenantFeaturesRequest,
  zUpdateTenantRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './tenants.service';

const tags = ['tenants'];
const BASE = '/api/tenants';

/** HTTP routes of the tenants feature (host only). Every route declares `config.permission`. */
export const tenantsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Tenants' },
      schema: {
        tags,
        summary: 'Tenants: organizations and households (kind filter, search, paging, sorting)',
        querystring: zTenantListRequest,
        response: { 200: zTenantListResponse },
      },
    },
    async (request) => service.listTenants(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/lookup`,
    {
      config: { permission: 'Homeward.Tenants.Filter' },
      schema: {
        tags,
        summary: 'Every organization by name (and one chosen tenant), for the tenant filter',
        querystring: zTenantLookupRequest,
        response: { 200: zTenantLookupResponse },
      },
    },
    async (request) => service.listTenantLookup(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Tenants' },
      schema: { tags, summary: 'One tenant', params: zIdParams, response: { 200: zTenant } },
    },
    async (request) => service.getTenant(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Tenants.Create' },
      schema: {
        tags,
        summary: 'Create a tenant with its admin role and first administrator',
        body: zCreateTenantRequest(),
        response: { 201: zTenant },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTenant(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Tenants.Edit' },
      schema: {
        tags,
        summary: 'Update a tenant',
        params: zIdParams,
        body: zUpdateTenantRequest,
        response: { 200: zTenant },
      },
    },
    async (request) => service.updateTenant(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Tenants.Delete' },
      schema: {
        tags,
        summary: 'Delete a tenant with its users, roles, devices and other rows',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteTenant(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/features`,
    {
      config: { permission: 'Homeward.Tenants.ManageFeatures' },
      schema: {
        tags,
        summary: "The tenant's features with their values",
        params: zIdParams,
        response: { 200: zTenantFeaturesResponse },
      },
    },
    async (request) => service.getTenantFeatures(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id/features`,
    {
      config: { permission: 'Homeward.Tenants.ManageFeatures' },
      schema: {
        tags,
        summary: "Set some of the tenant's features (values checked by the feature's type)",
        params: zIdParams,
        body: zUpdateTenantFeaturesRequest,
        response: { 200: zTenantFeaturesResponse },
      },
    },
    async (request) =>
      service.updateTenantFeatures(requestContext(request, deps), request.params.id, request.body),
  );
};
