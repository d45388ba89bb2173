import type { Citizen, CreateCitizenWizardRequest, UpdateCitizenRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CITIZENS_PATH } from './get-citizens';

/*
 * Citizen writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * CITIZENS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/citizens/wizard: the wizard's four steps in one call (one transaction on the server). */
export function createCitizen(body: CreateCitizenWizardRequest): Promise<Citizen> {
  return apiFetch(`${CITIZENS_PATH}/wizard`, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/citizens/:id: the information fields. */
export function updateCitizen(id: string, body: UpdateCitizenRequest): Promise<Citizen> {
  return apiFetch(`${CITIZENS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/citizens/:id. */
export function deleteCitizen(id: string): Promise<unknown> {
  return apiFetch(`${CITIZENS_PATH}/${id}`, { method: 'DELETE' });
}
