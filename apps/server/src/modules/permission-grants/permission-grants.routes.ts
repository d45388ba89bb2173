import {
  zPermissionGrantsQuery,
  zPermissionGrantsResponse,
  zUpdatePermissionGrantsRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/request-auth';
import type { ModuleDependencies } from '../module-dependencies';
import {
  getPermissionGrants,
  updatePermissionGrants,
  type PermissionGrantsContext,
} from './permission-grants.service';
import { requestDb } from '../../platform/tenancy/request-transaction';
import { scopeTenantId } from '../../platform/tenancy/tenant-scope';

const tags = ['permission-management'];
const PATH = '/api/permission-management/permissions';

/**
 * Permission grants of a role (`R`) or user (`U`), edited from the role and user screens. The
 * permission needed depends on the provider, so the routes declare `authenticated` and the service
 * checks Roles/Users.ManagePermissions.
 */
export const permissionGrantsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, options) => {
  const contextOf = (request: Parameters<typeof requireAuth>[0]): PermissionGrantsContext => {
    const auth = requireAuth(request);
    return {
      db: requestDb(request, options.database.db),
      tenantId: request.db ? scopeTenantId(request.tenantScope) : auth.tenantId,
      permissions: auth.permissions,
      authorizations: options.authorizations,
    };
  };

  app.get(
    PATH,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The permission tree with what a role or user is granted',
        querystring: zPermissionGrantsQuery,
        response: { 200: zPermissionGrantsResponse },
      },
    },
    async (request) => getPermissionGrants(contextOf(request), request.query),
  );

  app.put(
    PATH,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Set a role's or user's own grants",
        querystring: zPermissionGrantsQuery,
        body: zUpdatePermissionGrantsRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updatePermissionGrants(contextOf(request), request.query, request.body);
      return reply.status(204).send(null);
    },
  );
};
