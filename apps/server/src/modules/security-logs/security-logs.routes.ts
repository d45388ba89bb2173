import {
  zMySecurityLogListRequest,
  zSecurityLogListRequest,
  zSecurityLogListResponse,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './security-logs.service';
import { requestContext } from '../../platform/http/request-context';
import { registerListExport } from '../../platform/export/list-export';

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

  registerListExport(app, deps, {
    url: '/api/identity/security-logs/export',
    permission: 'Homeward.SecurityLogs',
    tags,
    querystring: zSecurityLogListRequest,
    fileName: 'security-logs',
    columns: [
      {
        headerKey: 'identity:securityLogs.time',
        value: (log) => (log.createdAt ? new Date(log.createdAt) : null),
      },
      { headerKey: 'identity:securityLogs.action', value: (log) => log.action },
      { headerKey: 'identity:securityLogs.userName', value: (log) => log.userName },
      { headerKey: 'identity:securityLogs.clientId', value: (log) => log.clientId },
      { headerKey: 'identity:securityLogs.clientIpAddress', value: (log) => log.clientIpAddress },
      { headerKey: 'identity:securityLogs.browserInfo', value: (log) => log.browserInfo },
    ],
    fetchPage: service.listSecurityLogs,
  });

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
