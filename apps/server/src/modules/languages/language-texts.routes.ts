import {
  zLanguageText,
  zLanguageTextListRequest,
  zLanguageTextListResponse,
  zLanguageTextParams,
  zTextResourcesResponse,
  zUpdateLanguageTextRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './language-texts.service';

const tags = ['language-management'];
const BASE = '/api/language-management/texts';

/** Text overrides of language management (host only). */
export const languageTextsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    '/api/language-management/resources',
    {
      config: { permission: 'Homeward.Languages' },
      schema: {
        tags,
        summary: 'Namespaces whose texts can be edited',
        response: { 200: zTextResourcesResponse },
      },
    },
    async () => service.listTextResources(),
  );

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Languages' },
      schema: {
        tags,
        summary: 'Texts of a target culture next to a base culture (paged)',
        querystring: zLanguageTextListRequest,
        response: { 200: zLanguageTextListResponse },
      },
    },
    async (request) => service.listTexts(requestContext(request, deps), request.query),
  );

  app.put(
    `${BASE}/:cultureName/:namespace/:key`,
    {
      config: { permission: 'Homeward.Languages.ChangeTexts' },
      schema: {
        tags,
        summary: 'Override one text',
        params: zLanguageTextParams,
        body: zUpdateLanguageTextRequest,
        response: { 200: zLanguageText },
      },
    },
    async (request) => service.updateText(requestContext(request, deps), request.params, request.body.value),
  );

  app.put(
    `${BASE}/:cultureName/:namespace/:key/restore`,
    {
      config: { permission: 'Homeward.Languages.ChangeTexts' },
      schema: {
        tags,
        summary: 'Remove the override: the shipped file value applies again',
        params: zLanguageTextParams,
        response: { 200: zLanguageText },
      },
    },
    async (request) => service.restoreText(requestContext(request, deps), request.params),
  );
};
