import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';

/** HTTP routes of the roles feature. Every route declares `config.permission`. */
export const rolesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (_app, _deps) => {};
