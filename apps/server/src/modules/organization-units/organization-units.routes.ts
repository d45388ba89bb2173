import {
  zCreateOrganizationUnitRequest,
  zIdParams,
  zMoveOrganizationUnitRequest,
  zOrganizationUnit,
  zOrganizationUnitTreeResponse,
  zUpdateOrganizationUnitRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { organizationUnitMembersRoutes } from './organization-unit-members.routes';
import * as service from './organization-units.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['identity-organization-units'];
const BASE = '/api/identity/organization-units';

/** HTTP routes of the organization-units feature. Every route declares `config.permission`. */
export const organizationUnitsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  await app.register(organizationUnitMembersRoutes, deps);

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.OrganizationUnits' },
      schema: {
        tags,
        summary: 'Every unit of the tenant, ordered by code',
        response: { 200: zOrganizationUnitTreeResponse },
      },
    },
    async (request) => service.getOrganizationUnitTree(requestContext(request, deps)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.OrganizationUnits' },
      schema: { tags, summary: 'One unit', params: zIdParams, response: { 200: zOrganizationUnit } },
    },
    async (request) => service.getOrganizationUnit(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.OrganizationUnits.Create' },
      schema: {
        tags,
        summary: 'Create a unit (under a parent or as a root)',
        body: zCreateOrganizationUnitRequest,
        response: { 201: zOrganizationUnit },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createOrganizationUnit(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.OrganizationUnits.Edit' },
      schema: {
        tags,
        summary: 'Rename a unit',
        params: zIdParams,
        body: zUpdateOrganizationUnitRequest,
        response: { 200: zOrganizationUnit },
      },
    },
    async (request) =>
      service.renameOrganizationUnit(
        requestContext(request, deps),
        request.params.id,
        request.body.displayName,
      ),
  );

  app.put(
    `${BASE}/:id/move`,
    {
      config: { permission: 'Homeward.OrganizationUnits.Edit' },
      schema: {
        tags,
        summary: 'Move a unit with its subtree',
        params: zIdParams,
        body: zMoveOrganizationUnitRequest,
        response: { 200: zOrganizationUnit },
      },
    },
    async (request) =>
      service.moveOrganizationUnit(
        requestContext(request, deps),
        request.params.id,
        request.body.newParentId,
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.OrganizationUnits.Delete' },
      schema: {
        tags,
        summary: 'Delete a unit without children',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteOrganizationUnit(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
