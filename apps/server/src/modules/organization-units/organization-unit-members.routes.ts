import {
  zAddOrganizationUnitMembersRequest,
  zAddOrganizationUnitRolesRequest,
  zIdParams,
  zOrganizationUnitMemberParams,
  zOrganizationUnitMembersRequest,
  zOrganizationUnitMembersResponse,
  zOrganizationUnitRoleParams,
  zOrganizationUnitRolesRequest,
  zOrganizationUnitRolesResponse,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './organization-unit-members.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['identity-organization-units'];
const BASE = '/api/identity/organization-units/:id';

/** Members and roles of an organization unit. */
export const organizationUnitMembersRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    `${BASE}/members`,
    {
      config: { permission: 'Homeward.OrganizationUnits' },
      schema: {
        tags,
        summary: 'Members of a unit (search, paging)',
        params: zIdParams,
        querystring: zOrganizationUnitMembersRequest,
        response: { 200: zOrganizationUnitMembersResponse },
      },
    },
    async (request) => service.listMembers(requestContext(request, deps), request.params.id, request.query),
  );

  app.post(
    `${BASE}/members`,
    {
      config: { permission: 'Homeward.OrganizationUnits.ManageMembers' },
      schema: {
        tags,
        summary: 'Add users to a unit',
        params: zIdParams,
        body: zAddOrganizationUnitMembersRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.addMembers(requestContext(request, deps), request.params.id, request.body.userIds);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${BASE}/members/:userId`,
    {
      config: { permission: 'Homeward.OrganizationUnits.ManageMembers' },
      schema: {
        tags,
        summary: 'Remove a user from a unit',
        params: zOrganizationUnitMemberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeMember(requestContext(request, deps), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/roles`,
    {
      config: { permission: 'Homeward.OrganizationUnits' },
      schema: {
        tags,
        summary: 'Roles given to a unit (search, paging)',
        params: zIdParams,
        querystring: zOrganizationUnitRolesRequest,
        response: { 200: zOrganizationUnitRolesResponse },
      },
    },
    async (request) => service.listUnitRoles(requestContext(request, deps), request.params.id, request.query),
  );

  app.post(
    `${BASE}/roles`,
    {
      config: { permission: 'Homeward.OrganizationUnits.ManageRoles' },
      schema: {
        tags,
        summary: 'Give roles to a unit',
        params: zIdParams,
        body: zAddOrganizationUnitRolesRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.addUnitRoles(requestContext(request, deps), request.params.id, request.body.roleIds);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${BASE}/roles/:roleId`,
    {
      config: { permission: 'Homeward.OrganizationUnits.ManageRoles' },
      schema: {
        tags,
        summary: 'Take a role from a unit',
        params: zOrganizationUnitRoleParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeUnitRole(requestContext(request, deps), request.params.id, request.params.roleId);
      return reply.status(204).send(null);
    },
  );
};
