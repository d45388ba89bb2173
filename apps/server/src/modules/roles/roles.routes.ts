import {
  zAllRolesResponse,
  zCreateRoleRequest,
  zIdParams,
  zRole,
  zRoleClaimsResponse,
  zRoleListRequest,
  zRoleListResponse,
  zUpdateRoleClaimsRequest,
  zUpdateRoleRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './roles.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['identity-roles'];
const BASE = '/api/identity/roles';

/**
 * HTTP routes of the roles feature (a role's permission grants are modules/permission-grants).
 * Every route declares `config.permission`.
 */
export const rolesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Roles' },
      schema: {
        tags,
        summary: 'Roles of the tenant (search, paging, sorting)',
        querystring: zRoleListRequest,
        response: { 200: zRoleListResponse },
      },
    },
    async (request) => service.listRoles(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/all`,
    {
      config: { permission: 'Homeward.Roles' },
      schema: {
        tags,
        summary: 'Every role of the tenant, for pickers',
        response: { 200: zAllRolesResponse },
      },
    },
    async (request) => service.listAllRoles(requestContext(request, deps)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Roles' },
      schema: { tags, summary: 'One role', params: zIdParams, response: { 200: zRole } },
    },
    async (request) => service.getRole(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Roles.Create' },
      schema: { tags, summary: 'Create a role', body: zCreateRoleRequest, response: { 201: zRole } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRole(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Roles.Edit' },
      schema: {
        tags,
        summary: 'Update a role (static roles keep their name)',
        params: zIdParams,
        body: zUpdateRoleRequest,
        response: { 200: zRole },
      },
    },
    async (request) => service.updateRole(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Roles.Delete' },
      schema: {
        tags,
        summary: 'Delete a role with its memberships and grants',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteRole(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/claims`,
    {
      config: { permission: 'Homeward.Roles' },
      schema: {
        tags,
        summary: "The role's claims",
        params: zIdParams,
        response: { 200: zRoleClaimsResponse },
      },
    },
    async (request) => service.getRoleClaims(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id/claims`,
    {
      config: { permission: 'Homeward.Roles.Edit' },
      schema: {
        tags,
        summary: "Replace the role's claims",
        params: zIdParams,
        body: zUpdateRoleClaimsRequest,
        response: { 200: zRoleClaimsResponse },
      },
    },
    async (request) =>
      service.updateRoleClaims(requestContext(request, deps), request.params.id, request.body),
  );
};
