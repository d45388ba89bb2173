import {
  zAlarmDetail,
  zAlarmListRequest,
  zAlarmListResponse,
  zAlarmStatistics,
  zAlarmStatisticsRequest,
  zLookupRequest,
  zLookupResponse,
  zHandleAlarmRequest,
  zIdParams,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './alarms.service';

const tags = ['alarms'];
const BASE = '/api/alarms';

/**
 * Alarms of the caller's tenant: list, statistics, the filters' lookups, one with its history,
 * acknowledge and handle.
 */
export const alarmsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Alarms' },
      schema: {
        tags,
        summary: 'Alarms (state, kind, citizen, device and time filters; newest first)',
        querystring: zAlarmListRequest,
        response: { 200: zAlarmListResponse },
      },
    },
    async (request) => service.listAlarms(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/statistics`,
    {
      config: { permission: 'Homeward.Alarms' },
      schema: {
        tags,
        summary: 'How many alarms the filters select, and the median and p90 times to acknowledge and handle',
        querystring: zAlarmStatisticsRequest,
        response: { 200: zAlarmStatistics },
      },
    },
    async (request) => service.getAlarmStatistics(requestContext(request, deps), request.query),
  );

  for (const [path, lookup] of [
    ['citizen-lookup', service.lookupAlarmCitizens],
    ['organization-lookup', service.lookupAlarmOrganizations],
  ] as const) {
    app.get(
      `${BASE}/${path}`,
      {
        config: { permission: 'Homeward.Alarms' },
        schema: {
          tags,
          summary: `The alarm filter's ${path.replace('-lookup', '')} choices as {id, displayName}`,
          querystring: zLookupRequest,
          response: { 200: zLookupResponse },
        },
      },
      async (request) => lookup(requestContext(request, deps), request.query),
    );
  }

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Alarms' },
      schema: {
        tags,
        summary: 'An alarm with its history',
        params: zIdParams,
        response: { 200: zAlarmDetail },
      },
    },
    async (request) => service.getAlarm(requestContext(request, deps), request.params.id),
  );

  app.post(
    `${BASE}/:id/acknowledge`,
    {
      config: { permission: 'Homeward.Alarms.Acknowledge' },
      schema: {
        tags,
        summary: 'Acknowledge an open alarm (409 from any other state)',
        params: zIdParams,
        response: { 200: zAlarmDetail },
      },
    },
    async (request) => service.acknowledgeAlarm(requestContext(request, deps), request.params.id),
  );

  app.post(
    `${BASE}/:id/handle`,
    {
      config: { permission: 'Homeward.Alarms.Handle' },
      schema: {
        tags,
        summary: 'Handle an open or acknowledged alarm, with an optional note',
        params: zIdParams,
        body: zHandleAlarmRequest,
        response: { 200: zAlarmDetail },
      },
    },
    async (request) =>
      service.handleAlarm(requestContext(request, deps), request.params.id, request.body.note),
  );
};
