import { commandTemplateEndpoints, type SaveCommandTemplateRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Command template writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which
 * invalidates COMMAND_TEMPLATES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/command-templates. */
export function createCommandTemplate(body: SaveCommandTemplateRequest): Promise<unknown> {
  return callEndpoint(commandTemplateEndpoints.create, { body });
}

/** PUT /api/command-templates/:id. */
export function updateCommandTemplate(id: string, body: SaveCommandTemplateRequest): Promise<unknown> {
  return callEndpoint(commandTemplateEndpoints.update, { params: { id }, body });
}

/** DELETE /api/command-templates/:id. */
export function deleteCommandTemplate(id: string): Promise<unknown> {
  return callEndpoint(commandTemplateEndpoints.delete, { params: { id } });
}
