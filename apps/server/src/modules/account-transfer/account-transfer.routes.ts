import {
  zAcceptTransferParams,
  zAcceptTransferRequest,
  zAccountTransferState,
  zApiError,
  zTransferUserParams,
} from '@homeward/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { profileContextOf } from '../profile';
import {
  acceptTransfer,
  cancelTransfer,
  getTransferState,
  requestTransfer,
} from './account-transfer.service';

const tags = ['account-transfer'];

/**
 * HTTP routes of transferring a household (spec §7 plug-and-play profile: transfer-user step 1 with
 * {id}, step 2 with two ids). Every signed-in user may call them; the service decides by the
 * household's owner and the link.
 */
export const accountTransferRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const contextOf = (request: FastifyRequest) =>
    profileContextOf(request, deps, () => {
      // Nothing here logs a refusal.
    });

  app.get(
    '/api/account/transfer-user',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's side of a transfer: members to choose (owner) and the pending transfer",
        response: { 200: zAccountTransferState },
      },
    },
    async (request) => getTransferState(contextOf(request)),
  );

  app.post(
    '/api/account/transfer-user/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Step 1: the owner offers the household to an activated member, who gets a link by e-mail',
        params: zTransferUserParams,
        response: { 204: z.null(), 400: zApiError, 409: zApiError },
      },
    },
    async (request, reply) => {
      await requestTransfer(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account/transfer-user/:fromUserId/:toUserId',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          "Step 2: the receiver, signed in, accepts with the link's token; the old owner's sign-ins end",
        params: zAcceptTransferParams,
        body: zAcceptTransferRequest,
        response: { 204: z.null(), 400: zApiError, 409: zApiError },
      },
    },
    async (request, reply) => {
      await acceptTransfer(contextOf(request), { ...request.params, token: request.body.token });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/account/transfer-user',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The owner cancels the pending transfer, or its receiver declines it',
        response: { 204: z.null(), 404: zApiError },
      },
    },
    async (request, reply) => {
      await cancelTransfer(contextOf(request));
      return reply.status(204).send(null);
    },
  );
};
