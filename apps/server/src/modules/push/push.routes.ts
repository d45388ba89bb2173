import {
  zCreatePushSubscriptionRequest,
  zDeletePushSubscriptionRequest,
  zIdParams,
  zPushPublicKey,
  zPushSubscription,
  zPushSubscriptions,
  zPushTestResult,
} from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import type { ModuleDependencies } from '../module-dependencies';
import * as service from './push.service';
import { vapidKeySource } from './vapid-keys';

/**
 * Web Push (issue 21): the VAPID public key, and the signed-in user's own subscribed devices. Any
 * signed-in user may receive alarms on their phone, so the routes need no permission beyond that.
 */
export const pushRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const keys = vapidKeySource(deps.config);
  // Made (or read) now, before any request: a request's transaction must not wait for it.
  const { publicKey } = await keys(deps.database.db);
  const sender = {
    keys,
    subject: deps.config.vapidSubject,
    insecureHosts: deps.config.pushInsecureEndpointHosts,
    logger: deps.logger,
  };

  app.get(
    '/api/push/public-key',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key a browser subscribes with',
        response: { 200: zPushPublicKey },
      },
    },
    async () => ({ publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'The caller’s subscribed devices',
        response: { 200: zPushSubscriptions },
      },
    },
    async (request) => service.listPushSubscriptions(requestContext(request, deps)),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Subscribes this browser to the caller’s alarms',
        body: zCreatePushSubscriptionRequest,
        response: { 201: zPushSubscription },
      },
    },
    async (request, reply) => {
      const created = await service.createPushSubscription(
        requestContext(request, deps),
        request.body,
        deps.config.pushInsecureEndpointHosts,
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Unsubscribes a browser of the caller by its endpoint (or id)',
        body: zDeletePushSubscriptionRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deletePushSubscriptionByEndpoint(requestContext(request, deps), request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Removes one of the caller’s subscribed devices',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deletePushSubscription(requestContext(request, deps), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/push/test',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['push'],
        summary: 'Sends a test notification to every device of the caller',
        response: { 200: zPushTestResult },
      },
    },
    async (request) =>
      service.sendTestPush(
        requestContext(request, deps),
        preferredLanguage(request.headers['accept-language']),
        sender,
      ),
  );
};
