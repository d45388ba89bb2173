import {
  zCreateNationalIdUserRequest,
  zIdentityUser,
  zIdParams,
  zNationalIdentityBinding,
  zNationalLoginBroker,
  zSaveNationalLoginBrokerRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/http/request-context';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './national-login-admin.service';
import { nationalLoginKeys } from './national-login-keys';

/**
 * National login's administration: the host sets a tenant's broker (`/api/tenants/:id/national-login`),
 * and the tenant's staff create national-ID users and read a user's binding, masked.
 */
export const nationalLoginRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const admin = { keys: nationalLoginKeys(deps.config.cprEncryptionKey), publicUrl: deps.config.publicUrl };
  const brokerTags = ['tenants'];

  app.get(
    '/api/tenants/:id/national-login',
    {
      config: { permission: 'Homeward.Tenants.Edit' },
      schema: {
        tags: brokerTags,
        summary: "The tenant's national-ID broker (never its client secret) and the redirect URI to register",
        params: zIdParams,
        response: { 200: zNationalLoginBroker },
      },
    },
    async (request) => service.getBroker(requestContext(request, deps), admin, request.params.id),
  );

  app.put(
    '/api/tenants/:id/national-login',
    {
      config: { permission: 'Homeward.Tenants.Edit' },
      schema: {
        tags: brokerTags,
        summary: "Set the tenant's national-ID broker (national login must be on; https issuer)",
        params: zIdParams,
        body: zSaveNationalLoginBrokerRequest,
        response: { 200: zNationalLoginBroker },
      },
    },
    async (request) =>
      service.saveBroker(requestContext(request, deps), admin, request.params.id, request.body),
  );

  app.delete(
    '/api/tenants/:id/national-login',
    {
      config: { permission: 'Homeward.Tenants.Edit' },
      schema: { tags: brokerTags, summary: "Remove the tenant's national-ID broker", params: zIdParams },
    },
    async (request, reply) => {
      await service.deleteBroker(requestContext(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/identity/users/national-id',
    {
      config: { permission: 'Homeward.Users.Create' },
      schema: {
        tags: ['identity-users'],
        summary: 'Create a national-ID user bound to a national identity (signs in through the broker only)',
        body: zCreateNationalIdUserRequest,
        response: { 200: zIdentityUser },
      },
    },
    async (request) => service.createNationalIdUser(requestContext(request, deps), admin, request.body),
  );

  app.get(
    '/api/identity/users/:id/national-id',
    {
      config: { permission: 'Homeward.Users' },
      schema: {
        tags: ['identity-users'],
        summary: "A user's national identity binding, masked, and when it was linked",
        params: zIdParams,
        response: { 200: zNationalIdentityBinding },
      },
    },
    async (request) => service.getBinding(requestContext(request, deps), admin, request.params.id),
  );
};
