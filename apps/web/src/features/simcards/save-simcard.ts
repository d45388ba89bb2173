import type { SaveSimcardRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { SIMCARDS_PATH } from './get-simcards';

/*
 * SIM card create and edit. Their hooks come from the CRUD scaffolding (`useCrudMutation` inside
 * `CrudEditDialog`), which invalidates SIMCARDS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/simcards. */
export function createSimcard(body: SaveSimcardRequest): Promise<unknown> {
  return apiFetch(SIMCARDS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/simcards/:id. */
export function updateSimcard(id: string, body: SaveSimcardRequest): Promise<unknown> {
  return apiFetch(`${SIMCARDS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}
