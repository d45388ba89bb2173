import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDependencies } from '../module-dependencies';

/** HTTP routes of the claim-types feature. Every route declares `config.permission`. */
export const claimTypesRoutes: FastifyPluginAsyncZod<ModuleDependencies> = async (_app, _deps) => {};
