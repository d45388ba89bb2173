import { claimTypeEndpoints, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every claim-type query; claim-type mutations invalidate it. */
export const CLAIM_TYPES_QUERY_KEY = ['identity', 'claim-types'] as const;

/** GET /api/identity/claim-types: one page of claim types (host only). */
export function getClaimTypes(request: PagedRequest) {
  return callEndpoint(claimTypeEndpoints.list, { query: request });
}
