import {
  zAlarmText,
  zAlarmTextListRequest,
  zAlarmTextListResponse,
  zAlarmTextParams,
  zAlarmTextPreview,
  zPreviewAlarmTextRequest,
  zSaveAlarmTextRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './alarm-texts.service';

const tags = ['alarm-texts'];
const BASE = '/api/alarm-texts';
const permission = 'Homeward.AlarmTexts';

/** Alarm texts of the caller's tenant (spec §7 "alarm texts (event messages)"). */
export const alarmTextsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Every alarm kind’s text in a language: the tenant’s own, or the shipped default',
        querystring: zAlarmTextListRequest,
        response: { 200: zAlarmTextListResponse },
      },
    },
    async (request) => service.listAlarmTexts(requestContext(request, deps), request.query.language),
  );

  app.put(
    `${BASE}/:kind/:language`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Save the tenant’s text of an alarm kind in a language',
        params: zAlarmTextParams,
        body: zSaveAlarmTextRequest,
        response: { 200: zAlarmText },
      },
    },
    async (request) =>
      service.saveAlarmText(
        requestContext(request, deps),
        request.params.kind,
        request.params.language,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:kind/:language`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Restore the shipped text of an alarm kind in a language (404 when none was saved)',
        params: zAlarmTextParams,
        response: { 200: zAlarmText },
      },
    },
    async (request) =>
      service.restoreDefaultAlarmText(
        requestContext(request, deps),
        request.params.kind,
        request.params.language,
      ),
  );

  app.post(
    `${BASE}/preview`,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Render a (possibly unsaved) text with a sample alarm',
        body: zPreviewAlarmTextRequest,
        response: { 200: zAlarmTextPreview },
      },
    },
    async (request) => service.previewAlarmText(requestContext(request, deps), deps.config, request.body),
  );
};
