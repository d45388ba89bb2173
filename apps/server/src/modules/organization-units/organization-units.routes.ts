import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';

/** HTTP routes of the organization-units feature. Every route declares `config.permission`. */
export const organizationUnitsRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (_app, _deps) => {};
