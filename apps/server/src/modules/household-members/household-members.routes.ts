import {
  zApiError,
  zHouseholdMembersResponse,
  zInvitationIdParams,
  zInvitedByUserResponse,
  zInviteUserRequest,
  zReceivesAlarmsRequest,
} from '@homeward/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/request-auth';
import { preferredLanguage } from '../../platform/i18n/request-language';
import { requestDb } from '../../platform/tenancy/request-transaction';
import type { ModuleDependencies } from '../module-dependencies';
import {
  deleteInvitedUser,
  findInvitedBy,
  inviteUser,
  listHouseholdMembers,
  resendInvitation,
  updateReceivesAlarms,
  type HouseholdMembersContext,
} from './household-members.service';
import { emailLinkBase } from '../../platform/http/email-link-base';

const tags = ['household-members'];

/**
 * HTTP routes of a household's members (spec §7 plug-and-play profile: invite-user,
 * delete-invited-user, invited-by-user). Every member sees the household; its owner invites.
 */
export const householdMembersRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const contextOf = (request: FastifyRequest): HouseholdMembersContext => {
    const auth = requireAuth(request);
    return {
      db: requestDb(request, deps.database.db),
      tenantId: auth.tenantId,
      userId: auth.userId,
      language: preferredLanguage(request.headers['accept-language']),
      publicUrl: emailLinkBase(request.headers.origin, deps.config),
      now: () => new Date(),
    };
  };

  app.get(
    '/api/account/household-members',
    {
      config: { permission: 'Homeward.HouseholdMembers' },
      schema: {
        tags,
        summary: "The caller's household: its owner and members (with who invited them) and open invitations",
        response: { 200: zHouseholdMembersResponse, 403: zApiError },
      },
    },
    async (request) => listHouseholdMembers(contextOf(request)),
  );

  app.post(
    '/api/account/invite-user',
    {
      config: { permission: 'Homeward.HouseholdMembers.Invite' },
      schema: {
        tags,
        summary: 'Invite a person into the household by e-mail; the link in the e-mail opens registration',
        body: zInviteUserRequest,
        response: { 201: z.object({ id: z.string() }), 400: zApiError, 403: zApiError },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(contextOf(request), request.body)),
  );

  app.post(
    '/api/account/invitations/:id/resend',
    {
      config: { permission: 'Homeward.HouseholdMembers.Invite' },
      schema: {
        tags,
        summary: 'Send an invitation again with a new link (the old one stops working)',
        params: zInvitationIdParams,
        response: { 204: z.null(), 404: zApiError, 429: zApiError },
      },
    },
    async (request, reply) => {
      await resendInvitation(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/account/delete-invited-user/:id',
    {
      config: { permission: 'Homeward.HouseholdMembers.Invite' },
      schema: {
        tags,
        summary:
          'Delete an invited user: the invitation (its link fails) and an unconfirmed registration made with it',
        params: zInvitationIdParams,
        response: { 204: z.null(), 404: zApiError },
      },
    },
    async (request, reply) => {
      await deleteInvitedUser(contextOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/account/household-members/:id/receives-alarms',
    {
      config: { permission: 'Homeward.Citizens.ManageAlarmReceivers' },
      schema: {
        tags,
        summary: "Make a household member an alarm receiver of all the household's citizens, or of none",
        params: zInvitationIdParams,
        body: zReceivesAlarmsRequest,
        response: { 204: z.null(), 400: zApiError, 404: zApiError },
      },
    },
    async (request, reply) => {
      await updateReceivesAlarms(contextOf(request), request.params.id, request.body.receivesAlarms);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/account/invited-by-user',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Who invited the caller into their household (null for its owner or outside households)',
        response: { 200: zInvitedByUserResponse },
      },
    },
    async (request) => findInvitedBy(contextOf(request)),
  );
};
