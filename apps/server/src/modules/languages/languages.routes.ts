import {
  zCreateLanguageRequest,
  zCultureListResponse,
  zIdParams,
  zLanguage,
  zLanguageListRequest,
  zLanguageListResponse,
  zListResult,
  zUpdateLanguageRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import * as service from './languages.service';
import { listCultures } from './culture-list';
import { languageTextsRoutes } from './language-texts.routes';

const tags = ['language-management'];
const BASE = '/api/language-management/languages';

/** HTTP routes of language management (host only: the permissions are host-only). */
export const languagesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Languages' },
      schema: {
        tags,
        summary: 'Languages (search, paging, sorting)',
        querystring: zLanguageListRequest,
        response: { 200: zLanguageListResponse },
      },
    },
    async (request) => service.listLanguages(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/all`,
    {
      config: { permission: 'Homeward.Languages' },
      schema: { tags, summary: 'Every language, for pickers', response: { 200: zListResult(zLanguage) } },
    },
    async (request) => service.listAllLanguages(requestContext(request, deps)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Languages' },
      schema: { tags, summary: 'One language', params: zIdParams, response: { 200: zLanguage } },
    },
    async (request) => service.getLanguage(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Languages.Create' },
      schema: {
        tags,
        summary: 'Create a language',
        body: zCreateLanguageRequest,
        response: { 201: zLanguage },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLanguage(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Languages.Edit' },
      schema: {
        tags,
        summary: 'Update a language (the default cannot be disabled)',
        params: zIdParams,
        body: zUpdateLanguageRequest,
        response: { 200: zLanguage },
      },
    },
    async (request) => service.updateLanguage(requestContext(request, deps), request.params.id, request.body),
  );

  app.put(
    `${BASE}/:id/set-default`,
    {
      config: { permission: 'Homeward.Languages.Edit' },
      schema: {
        tags,
        summary: 'Make a language the default for new visitors',
        params: zIdParams,
        response: { 200: zLanguage },
      },
    },
    async (request) => service.setDefaultLanguage(requestContext(request, deps), request.params.id),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Languages.Delete' },
      schema: {
        tags,
        summary: 'Delete a language and its texts (not the default)',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteLanguage(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/language-management/culture-list',
    {
      config: { permission: 'Homeward.Languages' },
      schema: {
        tags,
        summary: 'Common culture names, named in the requested language',
        querystring: z.object({ lng: z.string().max(16).optional() }),
        response: { 200: zCultureListResponse },
      },
    },
    async (request) => ({
      items: listCultures(request.query.lng ?? preferredLanguage(request.headers['accept-language'])),
    }),
  );

  await app.register(languageTextsRoutes, deps);
};
