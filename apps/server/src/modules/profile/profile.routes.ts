import {
  AVATAR_IMAGE_TYPES,
  AVATAR_MAX_MEGABYTES_LIMIT,
  zApiError,
  zAvatarParams,
  zAvatarQuery,
  zChangePasswordRequest,
  zConfirmEmailChangeRequest,
  zConfirmEmailChangeResponse,
  zMyProfile,
  zUpdateProfileRequest,
} from '@homeward/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/request-auth';
import { requestContext } from '../../platform/http/request-context';
import { preferredLanguage } from '../../platform/i18n/request-language';
import { requestDb } from '../../platform/tenancy/request-transaction';
import type { ModuleDependencies } from '../module-dependencies';
import { writeSecurityLog, type SecurityLogEntry } from '../security-logs';
import {
  avatarMaxMegabytes,
  avatarTooLargeError,
  findAvatarForCaller,
  removeAvatar,
  uploadAvatar,
} from './avatar.service';
import {
  changePassword,
  confirmEmailChange,
  getMyProfile,
  updateProfile,
  type ProfileContext,
} from './profile.service';
import { emailLinkBase } from '../../platform/http/email-link-base';

const tags = ['account-profile'];

/**
 * The upload's body limit: just above the highest value the size setting takes, so any configured
 * limit is checked by the service with the setting's own message; a bigger body is refused while
 * it streams in, with the same message (see the error handler below).
 */
export const AVATAR_BODY_LIMIT_BYTES = (AVATAR_MAX_MEGABYTES_LIMIT + 1) * 1024 * 1024;

/** The bearer token of the request (its grant is the sign-in a password change keeps). */
const bearerOf = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/**
 * The self-service account's context of a request: the signed-in user in their own tenant.
 * `logRefusal` keeps a refused attempt for the security log until the request's transaction ended.
 */
export function profileContextOf(
  request: FastifyRequest,
  deps: Pick<ModuleDependencies, 'database' | 'config' | 'authorizations'>,
  logRefusal: (entry: SecurityLogEntry) => void,
): ProfileContext {
  const auth = requireAuth(request);
  return {
    db: requestDb(request, deps.database.db),
    logRefusal,
    userId: auth.userId,
    userName: auth.userName,
    tenantId: auth.tenantId,
    language: preferredLanguage(request.headers['accept-language']),
    publicUrl: emailLinkBase(request.headers.origin, deps.config),
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    clientId: auth.clientId ?? null,
    now: () => new Date(),
    authorizationChanged: (userId) => deps.authorizations.invalidate(userId),
  };
}

/**
 * HTTP routes of the self-service account (spec §7 "plug-and-play profile": update-profile,
 * change-password, avatar; "users: my-profile"). Every route declares `config.permission`.
 */
export const profileRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  // Refused attempts are written after the request's transaction ended (it rolled back with the
  // refusal), before the answer leaves, so a client that got its answer finds them logged.
  const refusals = new WeakMap<FastifyRequest, SecurityLogEntry[]>();
  const refusalsOf = (request: FastifyRequest) => {
    if (!refusals.has(request)) refusals.set(request, []);
    return refusals.get(request)!;
  };
  app.addHook('onSend', async (request) => {
    for (const entry of refusals.get(request) ?? []) await writeSecurityLog(deps.database.db, entry);
    refusals.delete(request);
  });

  const contextOf = (request: FastifyRequest): ProfileContext =>
    profileContextOf(request, deps, (entry) => refusalsOf(request).push(entry));

  // The picture is sent as the request body itself (`Content-Type: image/...`), not as a multipart
  // form: one file, no field names to parse, and the body limit applies while it streams in. The
  // Content-Type is only the way in: the type is told by the bytes (avatar-image.ts).
  for (const contentType of [/^image\/[\w.+-]+$/i, 'application/octet-stream']) {
    app.addContentTypeParser(
      contentType,
      { parseAs: 'buffer', bodyLimit: AVATAR_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
  // A body over the limit is refused before any handler runs: with the MB message of the setting.
  app.setErrorHandler(async (error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.auth) {
      throw avatarTooLargeError(
        await avatarMaxMegabytes(deps.database.db, {
          tenantId: request.auth.tenantId,
          userId: request.auth.userId,
        }),
      );
    }
    throw error;
  });

  app.get(
    '/api/account/my-profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          "The caller's own profile: name, e-mail (and a new one waiting for its link), phone, picture",
        response: { 200: zMyProfile },
      },
    },
    async (request) => getMyProfile(contextOf(request)),
  );

  app.put(
    '/api/account/update-profile',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          'Change name and phone; a new e-mail address takes effect once the link sent to it is opened',
        body: zUpdateProfileRequest,
        response: { 200: zMyProfile, 400: zApiError },
      },
    },
    async (request) => updateProfile(contextOf(request), request.body),
  );

  app.post(
    '/api/account/confirm-email-change',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Take the new e-mail address over with the token from the link sent to it',
        body: zConfirmEmailChangeRequest,
        response: { 200: zConfirmEmailChangeResponse, 400: zApiError },
      },
    },
    async (request) => confirmEmailChange(contextOf(request), request.body.token),
  );

  app.post(
    '/api/account/change-password',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Change the password (needs the current one); every other sign-in of the user ends',
        body: zChangePasswordRequest,
        response: { 204: z.null(), 400: zApiError, 429: zApiError },
      },
    },
    async (request, reply) => {
      await changePassword(contextOf(request), request.body, bearerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/account/avatar',
    {
      config: { permission: 'authenticated' },
      bodyLimit: AVATAR_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: `Upload the caller's picture: the image itself as the body (${AVATAR_IMAGE_TYPES.join(', ')}, by content)`,
        consumes: [...AVATAR_IMAGE_TYPES],
        response: { 200: zMyProfile, 400: zApiError, 413: zApiError, 415: zApiError },
      },
    },
    async (request) => uploadAvatar(contextOf(request), request.body),
  );

  app.delete(
    '/api/account/avatar',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: "Remove the caller's picture", response: { 200: zMyProfile } },
    },
    async (request) => removeAvatar(contextOf(request)),
  );

  app.get(
    '/api/account/avatars/:userId',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "A user's picture (the caller's own, or of a user in the caller's tenant scope)",
        description:
          'The URL carries the version (`v`): with the current one the answer may be cached for a year; the ETag answers If-None-Match with 304.',
        params: zAvatarParams,
        querystring: zAvatarQuery,
      },
    },
    async (request, reply) => {
      const ctx = requestContext(request, deps);
      const avatar = await findAvatarForCaller(
        ctx,
        { tenantId: requireAuth(request).tenantId },
        request.params.userId,
      );
      const etag = `"${avatar.version}"`;
      // Private: the picture is only for signed-in users of the tenant, never a shared cache's.
      reply.header(
        'cache-control',
        request.query.v === avatar.version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      );
      reply.header('etag', etag);
      reply.header('vary', 'Authorization');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(avatar.contentType).send(avatar.content);
    },
  );
};
