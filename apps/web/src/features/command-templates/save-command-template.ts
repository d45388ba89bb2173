import type { SaveCommandTemplateRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { COMMAND_TEMPLATES_PATH } from './get-command-templates';

/*
 * Command template writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which
 * invalidates COMMAND_TEMPLATES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/command-templates. */
export function createCommandTemplate(body: SaveCommandTemplateRequest): Promise<unknown> {
  return apiFetch(COMMAND_TEMPLATES_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/command-templates/:id. */
export function updateCommandTemplate(id: string, body: SaveCommandTemplateRequest): Promise<unknown> {
  return apiFetch(`${COMMAND_TEMPLATES_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/command-templates/:id. */
export function deleteCommandTemplate(id: string): Promise<unknown> {
  return apiFetch(`${COMMAND_TEMPLATES_PATH}/${id}`, { method: 'DELETE' });
}
