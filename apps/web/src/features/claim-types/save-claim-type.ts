import type { CreateClaimTypeRequest, UpdateClaimTypeRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CLAIM_TYPES_PATH } from './get-claim-types';

/* Claim-type writes, used through the CRUD scaffolding (invalidation and toasts live there). */

/** POST /api/identity/claim-types. */
export function createClaimType(body: CreateClaimTypeRequest): Promise<unknown> {
  return apiFetch(CLAIM_TYPES_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/identity/claim-types/:id. */
export function updateClaimType(id: string, body: UpdateClaimTypeRequest): Promise<unknown> {
  return apiFetch(`${CLAIM_TYPES_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/identity/claim-types/:id. */
export function deleteClaimType(id: string): Promise<unknown> {
  return apiFetch(`${CLAIM_TYPES_PATH}/${id}`, { method: 'DELETE' });
}
