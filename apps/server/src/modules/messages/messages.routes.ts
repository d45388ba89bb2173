import {
  zCreateMessageRequest,
  zIdParams,
  zLookupRequest,
  zLookupResponse,
  zMessageListRequest,
  zMessageListResponse,
  zMessagesForMeRequest,
  zMessagesForMeResponse,
  zScheduledMessage,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { requestContext } from '../../platform/http/request-context';
import * as service from './messages.service';

const tags = ['messages'];
const BASE = '/api/messages';

/** Scheduled messages (spec §7 "Scheduled messages (for me, create)"). */
export const messagesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  app.get(
    `${BASE}/for-me`,
    {
      config: { permission: 'Homeward.Messages' },
      schema: {
        tags,
        summary: "The caller's delivered messages, newest first, with the unread count",
        querystring: zMessagesForMeRequest,
        response: { 200: zMessagesForMeResponse },
      },
    },
    async (request) => service.listMessagesForMe(requestContext(request, deps), request.query),
  );

  app.post(
    `${BASE}/:id/read`,
    {
      config: { permission: 'Homeward.Messages' },
      schema: {
        tags,
        summary: 'Mark one of my messages read',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.markMessageRead(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [path, kind] of [
    ['user-lookup', 'users'],
    ['organization-unit-lookup', 'organizationUnits'],
  ] as const) {
    app.get(
      `${BASE}/${path}`,
      {
        config: { permission: 'Homeward.Messages.Create' },
        schema: {
          tags,
          summary: `Recipient choices (${kind}) as {id, displayName}, paged and searchable`,
          querystring: zLookupRequest,
          response: { 200: zLookupResponse },
        },
      },
      async (request) => service.lookupRecipients(requestContext(request, deps), kind, request.query),
    );
  }

  app.get(
    BASE,
    {
      config: { permission: 'Homeward.Messages.Create' },
      schema: {
        tags,
        summary: "The tenant's scheduled, delivered and cancelled messages (search by subject, paging)",
        querystring: zMessageListRequest,
        response: { 200: zMessageListResponse },
      },
    },
    async (request) => service.listMessages(requestContext(request, deps), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'Homeward.Messages.Create' },
      schema: { tags, summary: 'One message', params: zIdParams, response: { 200: zScheduledMessage } },
    },
    async (request) => service.getMessage(requestContext(request, deps), request.params.id),
  );

  app.post(
    BASE,
    {
      config: { permission: 'Homeward.Messages.Create' },
      schema: {
        tags,
        summary: 'Schedule a message to users and organization units',
        body: zCreateMessageRequest,
        response: { 201: zScheduledMessage },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createMessage(requestContext(request, deps), request.body)),
  );

  app.post(
    `${BASE}/:id/cancel`,
    {
      config: { permission: 'Homeward.Messages.Create' },
      schema: {
        tags,
        summary: 'Cancel a message that is not sent yet',
        params: zIdParams,
        response: { 200: zScheduledMessage },
      },
    },
    async (request) => service.cancelMessage(requestContext(request, deps), request.params.id),
  );
};
