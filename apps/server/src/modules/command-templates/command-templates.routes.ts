import {
  zCommandTemplate,
  zCommandTemplateListRequest,
  zCommandTemplateListResponse,
  zIdParams,
  zLookupRequest,
  zLookupResponse,
  zSaveCommandTemplateRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './command-templates.service';

const tags = ['command-templates'];
const BASE = '/api/command-templates';
/** The permission group has no sub-permissions: who may see templates may manage them. */
const PERMISSION = { permission: 'Homeward.CommandTemplates' } as const;

/** Command templates of the caller's tenant (spec §2 "Command templates", §7 Terminal). */
export const commandTemplatesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: PERMISSION,
      schema: {
        tags,
        summary: 'Command templates (search, product filter, paging up to 100, sorting)',
        querystring: zCommandTemplateListRequest,
        response: { 200: zCommandTemplateListResponse },
      },
    },
    async (request) => service.listCommandTemplates(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/product-lookup`,
    {
      config: PERMISSION,
      schema: {
        tags,
        summary: 'Device families a template can be for, as {id, displayName}, paged and searchable',
        querystring: zLookupRequest,
        response: { 200: zLookupResponse },
      },
    },
    async (request) => service.lookupProducts(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: PERMISSION,
      schema: {
        tags,
        summary: 'One command template',
        params: zIdParams,
        response: { 200: zCommandTemplate },
      },
    },
    async (request) => service.getCommandTemplate(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: PERMISSION,
      schema: {
        tags,
        summary: 'Create a command template (name unique in the tenant in any case)',
        body: zSaveCommandTemplateRequest,
        response: { 201: zCommandTemplate },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCommandTemplate(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: PERMISSION,
      schema: {
        tags,
        summary: 'Update a command template',
        params: zIdParams,
        body: zSaveCommandTemplateRequest,
        response: { 200: zCommandTemplate },
      },
    },
    async (request) =>
      service.updateCommandTemplate(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: PERMISSION,
      schema: { tags, summary: 'Delete a command template', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteCommandTemplate(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
