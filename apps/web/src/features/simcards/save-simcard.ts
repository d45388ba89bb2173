import { simcardEndpoints, type SaveSimcardRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * SIM card create and edit. Their hooks come from the CRUD scaffolding (`useCrudMutation` inside
 * `CrudEditDialog`), which invalidates SIMCARDS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/simcards. */
export function createSimcard(body: SaveSimcardRequest): Promise<unknown> {
  return callEndpoint(simcardEndpoints.create, { body });
}

/** PUT /api/simcards/:id. */
export function updateSimcard(id: string, body: SaveSimcardRequest): Promise<unknown> {
  return callEndpoint(simcardEndpoints.update, { params: { id }, body });
}
