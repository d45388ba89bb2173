import {
  zAuditLogDetail,
  zAuditLogIdParams,
  zAuditLogListRequest,
  zAuditLogListResponse,
  zEntityChangeListRequest,
  zEntityChangeListResponse,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './audit-logs.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['audit-logs'];
const permission = 'Homeward.AuditLogs';

/** HTTP routes of the audit-logs feature. Every route declares `config.permission`. */
export const auditLogsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/audit-logs',
    {
      config: { permission },
      schema: {
        tags,
        summary: "The tenant's audit log (filters, paging; newest first)",
        querystring: zAuditLogListRequest,
        response: { 200: zAuditLogListResponse },
      },
    },
    async (request) => service.listAuditLogs(requestContext(request, deps), request.query),
  );

  app.get(
    '/api/audit-logs/entity-changes',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The history of one entity: its changes, newest first',
        querystring: zEntityChangeListRequest,
        response: { 200: zEntityChangeListResponse },
      },
    },
    async (request) => service.listEntityHistory(requestContext(request, deps), request.query),
  );

  app.get(
    '/api/audit-logs/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One audit entry with the entity changes its request made',
        params: zAuditLogIdParams,
        response: { 200: zAuditLogDetail },
      },
    },
    async (request) => service.getAuditLog(requestContext(request, deps), request.params.id),
  );
};
