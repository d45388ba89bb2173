import { DELETED_USER_NAME, zApiError, zDeleteAccountRequest } from '@homeward/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDependencies } from '../module-dependencies';
import { profileContextOf } from '../profile';
import { writeSecurityLog, type SecurityLogEntry } from '../security-logs';
import { deleteAccount } from './account-deletion.service';

const tags = ['account-deletion'];

/** HTTP route of deleting one's own account (spec §7 plug-and-play profile: delete-user). */
export const accountDeletionRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (app, deps) => {
  // A wrong password is logged after the request's transaction rolled back with the refusal.
  const refusals = new WeakMap<FastifyRequest, SecurityLogEntry[]>();
  app.addHook('onSend', async (request) => {
    for (const entry of refusals.get(request) ?? []) await writeSecurityLog(deps.database.db, entry);
    refusals.delete(request);
  });

  app.post(
    '/api/account/delete-user',
    {
      config: { permission: 'authenticated' },
      // This node's queued audit entries of the person are written first, so the erasure finds
      // them; before the request's transaction begins (PGlite has one connection).
      preHandler: async () => {
        await app.auditLog.flush();
      },
      schema: {
        tags,
        summary:
          "Delete the caller's account (needs the password): personal data erased, every sign-in ended",
        body: zDeleteAccountRequest,
        response: { 204: z.null(), 400: zApiError, 409: zApiError, 429: zApiError },
      },
    },
    async (request, reply) => {
      const ctx = profileContextOf(request, deps, (entry) =>
        refusals.set(request, [...(refusals.get(request) ?? []), entry]),
      );
      await deleteAccount(ctx, request.body);
      // The audit log entry of this request keeps the id, not the name (as the erased ones do).
      if (request.auth) request.auth = { ...request.auth, userName: DELETED_USER_NAME };
      return reply.status(204).send(null);
    },
  );
};
