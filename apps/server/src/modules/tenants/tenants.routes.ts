import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';

/** HTTP routes of the tenants feature. Every route declares `config.permission`. */
export const tenantsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (_app, _deps) => {};
