import {
  zAssignableRolesResponse,
  zCreateUserRequest,
  zIdentityUser,
  zIdParams,
  zLockUserRequest,
  zSetUserPasswordRequest,
  zUpdateUserRequest,
  zUserListRequest,
  zUserListResponse,
  zUserOrganizationUnitsResponse,
  zUserRolesResponse,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './users.service';
import { requestContext } from '../../platform/http/request-context';
import { registerListExport } from '../../platform/export/list-export';

const tags = ['identity-users'];
const BASE = '/api/identity/users';

/** HTTP routes of the users feature. Every route declares `config.permission`. */
export const usersRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Users' },
      schema: {
        tags,
        summary: 'Users of the tenant (search, paging, sorting)',
        querystring: zUserListRequest,
        response: { 200: zUserListResponse },
      },
    },
    async (request) => service.listUsers(requestContext(request, deps), request.query),
  );

  registerListExport(app, deps, {
    url: `${BASE}/export`,
    permission: 'Homeward.Users',
    tags,
    querystring: zUserListRequest,
    fileName: 'users',
    columns: [
      { headerKey: 'identity:users.userName', value: (user) => user.userName },
      { headerKey: 'identity:users.name', value: (user) => user.name },
      { headerKey: 'identity:users.email', value: (user) => user.email },
      { headerKey: 'identity:users.phoneNumber', value: (user) => user.phoneNumber },
      { headerKey: 'identity:users.isActive', value: (user) => user.isActive },
      { headerKey: 'identity:users.twoFactorEnabled', value: (user) => user.twoFactorEnabled },
    ],
    fetchPage: service.listUsers,
  });

  app.get(
    `${BASE}/assignable-roles`,
    {
      config: { permission: 'Homeward.Users' },
      schema: {
        tags,
        summary: 'Roles that may be given to users',
        response: { 200: zAssignableRolesResponse },
      },
    },
    async (request) => service.getAssignableRoles(requestContext(request, deps)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Users' },
      schema: { tags, summary: 'One user', params: zIdParams, response: { 200: zIdentityUser } },
    },
    async (request) => service.getUser(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Users.Create' },
      schema: { tags, summary: 'Create a user', body: zCreateUserRequest, response: { 201: zIdentityUser } },
    },
    async (request, reply) => {
      const user = await service.createUser(requestContext(request, deps), request.body);
      return reply.status(201).send(user);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Users.Edit' },
      schema: {
        tags,
        summary: 'Update a user, their roles and units',
        params: zIdParams,
        body: zUpdateUserRequest,
        response: { 200: zIdentityUser },
      },
    },
    async (request) => service.updateUser(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Users.Delete' },
      schema: {
        tags,
        summary: 'Delete a user (not yourself)',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteUser(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/lock`,
    {
      config: { permission: 'Homeward.Users.Lock' },
      schema: {
        tags,
        summary: 'Lock a user until a time or until unlocked',
        params: zIdParams,
        body: zLockUserRequest,
        response: { 200: zIdentityUser },
      },
    },
    async (request) => service.lockUser(requestContext(request, deps), request.params.id, request.body),
  );

  app.put(
    `${BASE}/:id/unlock`,
    {
      config: { permission: 'Homeward.Users.Lock' },
      schema: { tags, summary: 'Unlock a user', params: zIdParams, response: { 200: zIdentityUser } },
    },
    async (request) => service.unlockUser(requestContext(request, deps), request.params.id),
  );

  app.put(
    `${BASE}/:id/password`,
    {
      config: { permission: 'Homeward.Users.Edit' },
      schema: {
        tags,
        summary: "Set a user's password",
        params: zIdParams,
        body: zSetUserPasswordRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.setUserPassword(
        requestContext(request, deps),
        request.params.id,
        request.body.newPassword,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/roles`,
    {
      config: { permission: 'Homeward.Users' },
      schema: {
        tags,
        summary: "The user's own roles",
        params: zIdParams,
        response: { 200: zUserRolesResponse },
      },
    },
    async (request) => service.getUserRoles(requestContext(request, deps), request.params.id),
  );

  app.get(
    `${BASE}/:id/organization-units`,
    {
      config: { permission: 'Homeward.Users' },
      schema: {
        tags,
        summary: 'Organization units the user belongs to',
        params: zIdParams,
        response: { 200: zUserOrganizationUnitsResponse },
      },
    },
    async (request) => service.getUserOrganizationUnits(requestContext(request, deps), request.params.id),
  );
};
