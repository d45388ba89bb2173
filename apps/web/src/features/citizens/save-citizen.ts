import {
  citizenEndpoints,
  type Citizen,
  type CreateCitizenWizardRequest,
  type UpdateCitizenRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Citizen writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * CITIZENS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/citizens/wizard: the wizard's four steps in one call (one transaction on the server). */
export function createCitizen(body: CreateCitizenWizardRequest): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.create, { body });
}

/** PUT /api/citizens/:id: the information fields. */
export function updateCitizen(id: string, body: UpdateCitizenRequest): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.update, { params: { id }, body });
}

/** DELETE /api/citizens/:id. */
export function deleteCitizen(id: string): Promise<unknown> {
  return callEndpoint(citizenEndpoints.delete, { params: { id } });
}
