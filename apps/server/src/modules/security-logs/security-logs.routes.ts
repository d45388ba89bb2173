import {
  zMySecurityLogListRequest,
  zSecurityLogListRequest,
  zSecurityLogListResponse,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './security-logs.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['identity-security-logs'];

/** HTTP routes of the security-logs feature. Every route declares `config.permission`. */
export const securityLogsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/identity/security-logs',
    {
      config: { permission: 'Homeward.SecurityLogs' },
      schema: {
        tags,
        summary: "The tenant's security log (filters, paging; newest first)",
        querystring: zSecurityLogListRequest,
        response: { 200: zSecurityLogListResponse },
      },
    },
    async (request) => service.listSecurityLogs(requestContext(request, deps), request.query),
  );

  app.get(
    '/api/account/my-security-logs',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's own security-log entries",
        querystring: zMySecurityLogListRequest,
        response: { 200: zSecurityLogListResponse },
      },
    },
    async (request) => service.listMySecurityLogs(requestContext(request, deps), request.query),
  );
};
