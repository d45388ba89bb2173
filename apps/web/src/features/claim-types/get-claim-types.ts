import type { z } from 'zod';
import type { PagedRequest, zClaimTypeListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every claim-type query; claim-type mutations invalidate it. */
export const CLAIM_TYPES_QUERY_KEY = ['identity', 'claim-types'] as const;
export const CLAIM_TYPES_PATH = '/api/identity/claim-types';

/** GET /api/identity/claim-types: one page of claim types (host only). */
export function getClaimTypes(request: PagedRequest): Promise<z.infer<typeof zClaimTypeListResponse>> {
  return apiFetch(`${CLAIM_TYPES_PATH}${toQueryString(request)}`);
}
