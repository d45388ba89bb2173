import type { PagedRequest } from '@homeward/contracts';
import { apiDownload } from '../../app/api/api-download';
import { toQueryString } from '../../components/crud/paged-list-request';
import { USERS_PATH } from './get-users';

/** GET /api/identity/users/export: the user overview report (xlsx) for the same search. */
export function exportUsers(request: Pick<PagedRequest, 'filter'>): Promise<void> {
  return apiDownload(`${USERS_PATH}/export${toQueryString(request)}`, 'users.xlsx');
}
