import { simcardEndpoints, type SimcardListRequest, type SimcardListResponse } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every SIM card query; the mutations invalidate it. */
export const SIMCARDS_QUERY_KEY = ['simcards'] as const;

/** The list's filters besides paging and search. */
export type SimcardFilterValues = Pick<SimcardListRequest, 'status'>;

/** GET /api/simcards: one page, searched, sorted and filtered on the server. */
export function getSimcards(request: SimcardListRequest): Promise<SimcardListResponse> {
  return callEndpoint(simcardEndpoints.list, { query: request });
}
