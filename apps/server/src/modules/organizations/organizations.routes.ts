import {
  zCreateOrganizationRequest,
  zDefaultCustomerResponse,
  zIdParams,
  zLookupRequest,
  zLookupResponse,
  zMoveOrganizationRequest,
  zOrganization,
  zOrganizationListRequest,
  zOrganizationListResponse,
  zUpdateOrganizationRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './organizations.service';

const tags = ['organizations'];
const BASE = '/api/organizations';
const VIEW = { permission: 'Homeward.Organizations' } as const;

/** HTTP routes of the organizations feature. Every route declares `config.permission`. */
export const organizationsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Organizations of the tenant, paged, with parent name and device count',
        querystring: zOrganizationListRequest,
        response: { 200: zOrganizationListResponse },
      },
    },
    async (request) => service.listOrganizations(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/lookup`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Organizations as {id, displayName}, paged and searchable',
        querystring: zLookupRequest,
        response: { 200: zLookupResponse },
      },
    },
    async (request) => service.lookupOrganizations(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/customer-lookup`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Customers of the tenant as {id, displayName}, paged and searchable',
        querystring: zLookupRequest,
        response: { 200: zLookupResponse },
      },
    },
    async (request) => service.lookupCustomers(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/geofence-lookup`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Geofences of the tenant as {id, displayName}, paged and searchable',
        querystring: zLookupRequest,
        response: { 200: zLookupResponse },
      },
    },
    async (request) => service.lookupGeofences(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/roles`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Roles of the tenant as {id, displayName}, paged and searchable',
        querystring: zLookupRequest,
        response: { 200: zLookupResponse },
      },
    },
    async (request) => service.lookupRoles(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: VIEW,
      schema: { tags, summary: 'One organization', params: zIdParams, response: { 200: zOrganization } },
    },
    async (request) => service.getOrganization(requestContext(request, deps), request.params.id),
  );

  app.get(
    `${BASE}/:id/children`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'Direct sub-organizations, paged',
        params: zIdParams,
        querystring: zOrganizationListRequest,
        response: { 200: zOrganizationListResponse },
      },
    },
    async (request) => service.listChildren(requestContext(request, deps), request.params.id, request.query),
  );

  app.get(
    `${BASE}/:id/default-customer`,
    {
      config: VIEW,
      schema: {
        tags,
        summary: 'The customer of the organization or its nearest ancestor with one',
        params: zIdParams,
        response: { 200: zDefaultCustomerResponse },
      },
    },
    async (request) => service.getDefaultCustomer(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Organizations.Create' },
      schema: {
        tags,
        summary: 'Create an organization under a parent or at the root',
        body: zCreateOrganizationRequest,
        response: { 201: zOrganization },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOrganization(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Organizations.Edit' },
      schema: {
        tags,
        summary: 'Change name, customer and geofence',
        params: zIdParams,
        body: zUpdateOrganizationRequest,
        response: { 200: zOrganization },
      },
    },
    async (request) =>
      service.updateOrganization(requestContext(request, deps), request.params.id, request.body),
  );

  app.post(
    `${BASE}/:id/move`,
    {
      config: { permission: 'Homeward.Organizations.Move' },
      schema: {
        tags,
        summary: 'Move an organization with its subtree (not into its own subtree)',
        params: zIdParams,
        body: zMoveOrganizationRequest,
        response: { 200: zOrganization },
      },
    },
    async (request) =>
      service.moveOrganization(requestContext(request, deps), request.params.id, request.body.newParentId),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Organizations.Delete' },
      schema: {
        tags,
        summary: 'Delete an organization without sub-organizations and devices (409 with the reason)',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const language = preferredLanguage(request.headers['accept-language']);
      await service.deleteOrganization(requestContext(request, deps), request.params.id, language);
      return reply.status(204).send(null);
    },
  );
};
