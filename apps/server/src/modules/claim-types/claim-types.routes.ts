import {
  zAllClaimTypesResponse,
  zClaimType,
  zClaimTypeListRequest,
  zClaimTypeListResponse,
  zCreateClaimTypeRequest,
  zIdParams,
  zUpdateClaimTypeRequest,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './claim-types.service';
import { requestContext } from '../../platform/http/request-context';

const tags = ['identity-claim-types'];
const BASE = '/api/identity/claim-types';

/** HTTP routes of the claim-types feature (host only: the permissions are host-only). */
export const claimTypesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    BASE,
    {
      config: { permission: 'Homeward.ClaimTypes' },
      schema: {
        tags,
        summary: 'Claim types (search, paging, sorting)',
        querystring: zClaimTypeListRequest,
        response: { 200: zClaimTypeListResponse },
      },
    },
    async (request) => service.listClaimTypes(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/all`,
    {
      config: { permission: 'Homeward.ClaimTypes' },
      schema: { tags, summary: 'Every claim type, for pickers', response: { 200: zAllClaimTypesResponse } },
    },
    async (request) => service.listAllClaimTypes(requestContext(request, deps)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ClaimTypes' },
      schema: { tags, summary: 'One claim type', params: zIdParams, response: { 200: zClaimType } },
    },
    async (request) => service.getClaimType(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.ClaimTypes.Create' },
      schema: {
        tags,
        summary: 'Create a claim type',
        body: zCreateClaimTypeRequest,
        response: { 201: zClaimType },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createClaimType(requestContext(request, deps), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ClaimTypes.Edit' },
      schema: {
        tags,
        summary: 'Update a claim type',
        params: zIdParams,
        body: zUpdateClaimTypeRequest,
        response: { 200: zClaimType },
      },
    },
    async (request) =>
      service.updateClaimType(requestContext(request, deps), request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.ClaimTypes.Delete' },
      schema: {
        tags,
        summary: 'Delete a claim type and the claims using it',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteClaimType(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
