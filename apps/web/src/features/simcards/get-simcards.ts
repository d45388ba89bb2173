import type { SimcardListRequest, SimcardListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every SIM card query; the mutations invalidate it. */
export const SIMCARDS_QUERY_KEY = ['simcards'] as const;
export const SIMCARDS_PATH = '/api/simcards';

/** The list's filters besides paging and search. */
export type SimcardFilterValues = Pick<SimcardListRequest, 'status'>;

/** GET /api/simcards: one page, searched, sorted and filtered on the server. */
export function getSimcards(request: SimcardListRequest): Promise<SimcardListResponse> {
  return apiFetch(`${SIMCARDS_PATH}${toQueryString(request)}`);
}
