import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';

/** HTTP routes of the audit-logs feature. Every route declares `config.permission`. */
export const auditLogsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (_app, _deps) => {};
