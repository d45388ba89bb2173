import {
  REPORTS_PERMISSION,
  TENANT_FILTER_HEADER,
  zIdParams,
  zReportFileParams,
  zReportQuery,
  zReportSchedule,
  zReportScheduleListResponse,
  zSaveReportScheduleRequest,
  type ReportFormat,
  type ReportKind,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/request-auth';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import { resolveTenantScope } from '../../platform/tenancy/tenant-scope';
import type { ModuleDependencies } from '../module-dependencies';
import { REPORT_CONTENT_TYPES } from './report-writers';
import { openReportStream } from './report-worker-client';
import * as schedules from './report-schedules.service';

const tags = ['reports'];
const BASE = '/api/reports';
const permission = REPORTS_PERMISSION;

/** Data reports (spec §7): streamed downloads as xlsx or CSV, and their monthly e-mail schedules. */
export const reportsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const languageOf = (acceptLanguage: string | undefined) => preferredLanguage(acceptLanguage);

  app.get(
    `${BASE}/schedules`,
    {
      config: { permission },
      schema: { tags, summary: 'Monthly report e-mails', response: { 200: zReportScheduleListResponse } },
    },
    async (request) => schedules.listReportSchedules(requestContext(request, deps)),
  );

  app.post(
    `${BASE}/schedules`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Schedule a report as a monthly e-mail',
        body: zSaveReportScheduleRequest,
        response: { 201: zReportSchedule },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await schedules.createReportSchedule(
            requestContext(request, deps),
            request.body,
            languageOf(request.headers['accept-language']),
          ),
        ),
  );

  app.put(
    `${BASE}/schedules/:id`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change a report schedule',
        params: zIdParams,
        body: zSaveReportScheduleRequest,
        response: { 200: zReportSchedule },
      },
    },
    async (request) =>
      schedules.updateReportSchedule(
        requestContext(request, deps),
        request.params.id,
        request.body,
        languageOf(request.headers['accept-language']),
      ),
  );

  app.delete(
    `${BASE}/schedules/:id`,
    {
      config: { permission },
      schema: { tags, summary: 'Delete a report schedule', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await schedules.deleteReportSchedule(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Outside the request transaction: the body is written after the handler returns, so the report
  // reads its rows in a transaction of its own with the request's tenant scope, in a report worker
  // process on PostgreSQL, in this process on PGlite (report-worker-client.ts, report-stream.ts).
  app.get(
    `${BASE}/:file`,
    {
      config: { permission, transaction: false },
      schema: {
        tags,
        summary:
          'Download a report (`<kind>.xlsx` or `<kind>.csv`), streamed; headers in the caller’s language',
        params: zReportFileParams,
        querystring: zReportQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const filter = request.headers[TENANT_FILTER_HEADER];
      const scope = resolveTenantScope(auth, Array.isArray(filter) ? filter[0] : filter);
      const [kind, format] = request.params.file.split('.') as [ReportKind, ReportFormat];
      const body = await openReportStream(
        deps.database,
        deps.config,
        { scope, userId: auth.userId, requestId: (request as { auditLogId?: string }).auditLogId },
        { kind, format, period: request.query, language: languageOf(request.headers['accept-language']) },
        (error) => request.log.error({ err: error, report: kind }, 'report stream failed'),
      );
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', REPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${kind}-${date}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
