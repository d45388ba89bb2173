import {
  zApiError,
  zCompleteRegistrationRequest,
  zCompleteRegistrationResponse,
  zInvitationInfo,
  zInvitationTokenParams,
  zPendingRegistrationResponse,
  zRegistration,
  zResendEmailRequest,
} from '@homeward/contracts';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferredLanguage } from '../../platform/i18n/request-language';
import type { ModuleDependencies } from '../module-dependencies';
import {
  completeRegistration,
  findInvitation,
  registerPendingUser,
  resendConfirmationEmail,
  type RegistrationContext,
} from './registration.service';
import { requestDb } from '../../platform/tenancy/request-transaction';
import { emailLinkBase } from '../../platform/http/email-link-base';

/**
 * The registration body is validated by the service with the password policy from the settings;
 * the schema on the route documents the request (with the default policy) but must not reject a
 * password the configured policy allows.
 */
const validatedByService: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

/** HTTP routes of the registration feature. Every route declares `config.permission`. */
export const registrationRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  const contextOf = (request: FastifyRequest): RegistrationContext => ({
    db: requestDb(request, deps.database.db),
    now: () => new Date(),
    language: preferredLanguage(request.headers['accept-language']),
    publicUrl: emailLinkBase(request.headers.origin, deps.config),
    links: deps.config,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    signedIn: request.auth !== null,
    authorizationChanged: (userId) => deps.authorizations.invalidate(userId),
  });

  app.post(
    '/api/account/pending-registration',
    {
      config: { permission: 'public' },
      validatorCompiler: validatedByService,
      schema: {
        tags: ['registration'],
        summary: 'Register an account; it waits for the e-mail confirmation',
        body: zRegistration(),
        response: { 201: zPendingRegistrationResponse, 400: zApiError, 409: zApiError },
      },
    },
    async (request, reply) => {
      const result = await registerPendingUser(contextOf(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/account/complete-registration',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['registration'],
        summary: 'Confirm the e-mail address with the token from the confirmation e-mail',
        body: zCompleteRegistrationRequest,
        response: { 200: zCompleteRegistrationResponse, 400: zApiError },
      },
    },
    async (request) => completeRegistration(contextOf(request), request.body.confirmationToken),
  );

  app.post(
    '/api/account/resend-email',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['registration'],
        summary: 'Send the confirmation e-mail again (answers 204 whether or not the address is known)',
        body: zResendEmailRequest,
        response: { 204: z.null(), 400: zApiError },
      },
    },
    async (request, reply) => {
      await resendConfirmationEmail(contextOf(request), request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/account/invitations/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['registration'],
        summary: 'The e-mail address an open invitation is for',
        params: zInvitationTokenParams,
        response: { 200: zInvitationInfo, 404: zApiError },
      },
    },
    async (request) => findInvitation(contextOf(request), request.params.token),
  );
};
