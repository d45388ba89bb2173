import { userEndpoints, type PagedRequest } from '@homeward/contracts';
import { downloadEndpoint } from '../../app/api/endpoint-client';

/** GET /api/identity/users/export: the user overview report (xlsx) for the same search. */
export function exportUsers(request: Pick<PagedRequest, 'filter'>): Promise<void> {
  return downloadEndpoint(userEndpoints.export, { query: request }, 'users.xlsx');
}
