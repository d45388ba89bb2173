import {
  claimTypeEndpoints,
  type CreateClaimTypeRequest,
  type UpdateClaimTypeRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/* Claim-type writes, used through the CRUD scaffolding (invalidation and toasts live there). */

/** POST /api/identity/claim-types. */
export function createClaimType(body: CreateClaimTypeRequest): Promise<unknown> {
  return callEndpoint(claimTypeEndpoints.create, { body });
}

/** PUT /api/identity/claim-types/:id. */
export function updateClaimType(id: string, body: UpdateClaimTypeRequest): Promise<unknown> {
  return callEndpoint(claimTypeEndpoints.update, { params: { id }, body });
}

/** DELETE /api/identity/claim-types/:id. */
export function deleteClaimType(id: string): Promise<unknown> {
  return callEndpoint(claimTypeEndpoints.delete, { params: { id } });
}
